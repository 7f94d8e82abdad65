import vine from '@vinejs/vine'
import {
  APPLICATION_DECISIONS,
  ID_DOCUMENT_MAX_BYTES,
  moveInRefusal,
  RENT_LIMITS,
  riyadhToday,
} from '@sakan/common'
import { MAX_ID } from '#validators/limits'
import { calendarDateField } from '#validators/rules'

/**
 * A move-in date she may ask for: today or later in Riyadh, and at most
 * `RENT_LIMITS.moveInMonthsAhead` months ahead (the text states the limit).
 */
const moveInWithinLimits = vine.createRule((value: unknown, _options: undefined, field) => {
  if (!field.isValid || typeof value !== 'string') return
  const refusal = moveInRefusal(value)
  if (refusal === null) return
  /* A real date outside the years we accept is either long past or far ahead. */
  const past = refusal === 'past' || (refusal === 'invalid' && value < riyadhToday())
  if (past) field.report('Move-in date must be in the future', 'notPast', field)
  else
    field.report(
      'The move-in date must be within {{ months }} months from today',
      'tooFar',
      field,
      { months: RENT_LIMITS.moveInMonthsAhead }
    )
})

/** POST /api/applications (multipart). The document's content is checked afterwards (id_document.ts). */
export const createApplicationValidator = vine.create(
  vine.object({
    roomId: vine.number().withoutDecimals().min(1).max(MAX_ID),
    moveInDate: calendarDateField().use(moveInWithinLimits()),
    additionalInfo: vine.string().trim().maxLength(2000).optional(),
    idDocument: vine.file({ size: ID_DOCUMENT_MAX_BYTES }),
  })
)

export const reviewApplicationValidator = vine.create(
  vine.object({
    status: vine.enum(APPLICATION_DECISIONS),
  })
)

/** An application's multipart body (server/uploads.ts): one ID document. */
export const idDocumentUpload = {
  field: 'idDocument',
  maxBytes: ID_DOCUMENT_MAX_BYTES,
  extraFileMessage: 'applications.oneDocument',
}
