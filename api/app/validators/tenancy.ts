import vine from '@vinejs/vine'
import { TENANCY_STATES } from '@sakan/common'
import { MAX_ID } from '#validators/limits'
import { MAX_SEARCH_LENGTH, SORT_ORDERS } from '#validators/list_query'
import { pagingFields } from '#validators/paging'
import { TENANCY_SORTS } from '#services/tenancies'
import { calendarDate } from '#validators/application'
import { MAX_RENT_SAR } from '#validators/catalog'

const MAX_REASON_LENGTH = 500

const SORTABLE = Object.keys(TENANCY_SORTS) as (keyof typeof TENANCY_SORTS)[]

/**
 * `GET /api/tenancies`: paging, sorting (by the stay's own fields, its balance among them),
 * `q`, and the state, overdue and building filters.
 */
export const listTenanciesValidator = vine.create(
  vine.object({
    state: vine.enum(TENANCY_STATES).optional(),
    overdue: vine.boolean().optional(),
    buildingId: vine.number().withoutDecimals().min(1).max(MAX_ID).optional(),
    ...pagingFields,
    _sort: vine.enum(SORTABLE).optional(),
    _order: vine.enum(SORT_ORDERS).optional(),
    q: vine.string().trim().maxLength(MAX_SEARCH_LENGTH).optional(),
  })
)

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

/** POST /api/tenancies/:id/end (administrator). */
export const endTenancyValidator = vine.create(
  vine.object({
    endDate: vine
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .use(calendarDate()),
    reason: reason(),
  })
)

/** POST /api/tenancies/:id/deposit-return (administrator): SAR, to the halala (a deposit is one month's rent). */
export const depositReturnValidator = vine.create(
  vine.object({
    amount: vine.number().min(0.01).max(MAX_RENT_SAR).decimal([0, 2]),
    reason: reason(),
  })
)
