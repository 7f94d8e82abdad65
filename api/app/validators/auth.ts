import vine from '@vinejs/vine'

/** The profile the browser sends beside its ID token; only `uid` and `email` are checked against it. */
export const firebaseLoginValidator = vine.create(
  vine.object({
    uid: vine.string().trim().minLength(1).maxLength(128),
    email: vine.string().trim().maxLength(254).email(),
    displayName: vine.string().trim().maxLength(120).nullable().optional(),
    photoURL: vine.string().trim().maxLength(2048).nullable().optional(),
  })
)
