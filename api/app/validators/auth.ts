import vine from '@vinejs/vine'
import { PRIVACY_NOTICE_VERSION } from '@sakan/common'

/** The profile the browser sends beside its ID token; only `uid` and `email` are checked against it. */
export const firebaseLoginValidator = vine.create(
  vine.object({
    uid: vine.string().trim().minLength(1).maxLength(128),
    email: vine.string().trim().maxLength(254).email(),
    displayName: vine.string().trim().maxLength(120).nullable().optional(),
    photoURL: vine.string().trim().maxLength(2048).nullable().optional(),
    /* The privacy notice's version the form showed her (recorded when it is the current one). */
    privacyVersion: vine.string().trim().maxLength(20).nullable().optional(),
  })
)

/** `POST /api/me/consent`: the version of the privacy notice she accepts, the one in force. */
export const consentValidator = vine.create(
  vine.object({
    version: vine.enum([PRIVACY_NOTICE_VERSION]),
  })
)
