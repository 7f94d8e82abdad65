import vine from '@vinejs/vine'
import { endDateRefusal, RENT_LIMITS, TENANCY_STATES } from '@sakan/common'
import { MAX_ID } from '#validators/limits'
import { listValidator, type SortColumns } from '#validators/list_query'
import { calendarDateField } from '#validators/rules'
import { MAX_RENT_SAR } from '#validators/catalog'

const MAX_REASON_LENGTH = 500

/**
 * What the list of stays may be sorted by: the stay's own columns, and what it owes as kept
 * on its row (`balance_halalas`, read again whenever it may have changed).
 */
export const TENANCY_SORTS: SortColumns = {
  id: 'id',
  startDate: 'start_date',
  state: 'state',
  monthlyRent: 'monthly_rent_halalas',
  balance: 'balance_halalas',
}

/**
 * `GET /api/tenancies`: paging, sorting (by the stay's own fields, its balance among them),
 * `q`, and the state, overdue and building filters.
 */
export const listTenanciesValidator = listValidator(TENANCY_SORTS, {
  state: vine.enum(TENANCY_STATES).optional(),
  overdue: vine.boolean().optional(),
  buildingId: vine.number().withoutDecimals().min(1).max(MAX_ID).optional(),
})

/** PATCH /api/tenancies/:id (administrator): the Ejar contract number, or null to clear it. */
export const updateTenancyValidator = vine.create(
  vine.object({
    ejarContractNumber: vine
      .string()
      .trim()
      .regex(/^\d{10}$/)
      .nullable(),
  })
)

const reason = () => vine.string().trim().minLength(1).maxLength(MAX_REASON_LENGTH)

/**
 * An end date for the stay that began on the validator's `meta.startDate`: on or
 * after the move-in, and at most `RENT_LIMITS.stayYears` years after it (the text says so).
 */
const withinStayLimits = vine.createRule((value: unknown, _options: undefined, field) => {
  if (!field.isValid || typeof value !== 'string') return
  const startDate = String(field.meta.startDate)
  const refusal = endDateRefusal(startDate, value)
  if (refusal === null) return
  /* A real date outside the years we accept lies before any move-in or far past it. */
  if (refusal === 'before_start' || (refusal === 'invalid' && value < startDate))
    field.report('The end date cannot be before the move-in date', 'beforeStart', field)
  else
    field.report(
      'The end date must be within {{ years }} years of the move-in date',
      'tooFar',
      field,
      { years: RENT_LIMITS.stayYears }
    )
})

/** POST /api/tenancies/:id/end (administrator), given the stay's move-in date as `startDate`. */
export const endTenancyValidator = vine.withMetaData<{ startDate: string }>().create(
  vine.object({
    endDate: calendarDateField().use(withinStayLimits()),
    reason: reason(),
  })
)

/**
 * POST /api/tenancies/:id/deposit-return (administrator): SAR, to the halala; a number only
 * (`strict`: neither `true` nor `"12"` is an amount). Returns may be partial and repeated.
 */
export const depositReturnValidator = vine.create(
  vine.object({
    amount: vine.number({ strict: true }).min(0.01).max(MAX_RENT_SAR).decimal([0, 2]),
    reason: reason(),
  })
)
