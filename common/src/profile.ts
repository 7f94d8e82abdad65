/*
 * Her details as she corrects them on "My data" (`PATCH /api/auth/me`): the API's validator and
 * the account app's form both read these. Apart from constants.ts, which the sign-in page loads.
 */

/** The longest full name, once trimmed (the shortest is `MIN_FULL_NAME_LENGTH`). */
export const MAX_FULL_NAME_LENGTH = 100

/** The longest phone number, as written. */
export const MAX_PHONE_LENGTH = 20

/** A phone number as people write it: digits, spaces, `+`, `-` and brackets, 7 digits at least. */
export const PHONE_PATTERN = /^(?=(?:\D*\d){7})[+0-9 ()-]+$/
