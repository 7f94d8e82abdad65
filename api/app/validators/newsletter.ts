import vine from '@vinejs/vine'

export const subscribeValidator = vine.create(
  vine.object({
    email: vine.string().trim().toLowerCase().maxLength(254).email(),
  })
)
