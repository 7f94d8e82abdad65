import vine from '@vinejs/vine'
import {
  APPLICATION_DECISIONS,
  APPLICATION_STATUSES,
  ID_DOCUMENT_MAX_BYTES,
  riyadhToday,
} from '@sakan/common'

/** A calendar date `yyyy-MM-dd` that is today or later in Riyadh. */
const notBeforeToday = vine.createRule((value: unknown, _options: undefined, field) => {
  if (!field.isValid || typeof value !== 'string') return
  if (value < riyadhToday()) field.report('Move-in date must be in the future', 'notPast', field)
})

/** POST /api/applications (multipart). The document's real type is checked from its bytes afterwards. */
export const createApplicationValidator = vine.create(
  vine.object({
    roomId: vine.number().withoutDecimals().min(1),
    moveInDate: vine
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .use(notBeforeToday()),
    additionalInfo: vine.string().trim().maxLength(2000).optional(),
    idDocument: vine.file({ size: ID_DOCUMENT_MAX_BYTES }),
  })
)

export const reviewApplicationValidator = vine.create(
  vine.object({
    status: vine.enum(APPLICATION_DECISIONS),
  })
)

export const listApplicationsValidator = vine.create(
  vine.object({
    status: vine.enum(APPLICATION_STATUSES).optional(),
    _start: vine.number().withoutDecimals().min(0).optional(),
    _end: vine.number().withoutDecimals().min(1).optional(),
  })
)
