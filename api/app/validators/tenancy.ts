import vine from '@vinejs/vine'
import { TENANCY_STATES } from '@sakan/common'
import { MAX_ID } from '#validators/limits'
import { MAX_SEARCH_LENGTH, SORT_ORDERS } from '#validators/list_query'
import { pagingFields } from '#validators/paging'
import { TENANCY_SORTS } from '#services/tenancies'

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
