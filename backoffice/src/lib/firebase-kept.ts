/**
 * Whether Firebase may have something to restore or end on this device, read without loading
 * the Firebase SDK: a signed-out visitor's first load (the sign-in page) then needs none of it.
 *
 * Firebase keeps its signed-in user under `firebase:authUser:<apiKey>:<app>` in the storage
 * of the persistence it was given (`browserLocalPersistence`, so `localStorage`; see
 * `_persistenceKeyName` in @firebase/auth). A Google sign-in finished by a redirect is marked
 * by us in `sessionStorage` before it leaves (`REDIRECT_PENDING_KEY`). Without either there is
 * no sign-in to restore, none to sign out, and no redirect result: loading the SDK would only
 * confirm `null`. When storage cannot be read, the answer is "maybe" and the SDK decides.
 */

/** Set before a redirect sign-in so its result is only looked for when one is pending. */
export const REDIRECT_PENDING_KEY = 'sakan.googleRedirectPending'

const FIREBASE_USER_PREFIX = 'firebase:authUser:'

type KeyedStorage = Pick<Storage, 'length' | 'key' | 'getItem'>

export function mayHaveFirebaseSignIn(
  local: KeyedStorage | null | undefined,
  session: KeyedStorage | null | undefined
): boolean {
  try {
    if (!local || !session) return true
    if (session.getItem(REDIRECT_PENDING_KEY) !== null) return true
    for (let index = 0; index < local.length; index += 1) {
      if (local.key(index)?.startsWith(FIREBASE_USER_PREFIX)) return true
    }
    return false
  } catch {
    return true
  }
}
