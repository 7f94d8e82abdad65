/**
 * The browser storage keys the site and the account app share. Kept apart from the business
 * constants (constants.ts) so that the public pages' scripts, which read only these, do not
 * load the catalogue's constants as one more file.
 */

/** The browser storage key holding the visitor's language, shared by the site and the back office. */
export const LANGUAGE_STORAGE_KEY = 'sakan.language'

/** Set while this browser holds a server session, so pages ask `/api/auth/me` only then. */
export const AUTH_SESSION_HINT_KEY = 'sakan.auth.session'

/**
 * Set by a log-out that could not also sign out of Firebase (the public site's header): the
 * account app then signs Firebase out instead of silently re-opening a session.
 */
export const AUTH_SIGNED_OUT_KEY = 'sakan.auth.signedOut'
