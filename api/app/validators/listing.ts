import vine from '@vinejs/vine'
import {
  APPLICATION_STATUSES,
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  PAYMENT_STATUSES,
} from '@sakan/common'
import { MAX_ID } from '#validators/limits'
import { listQueryFields, listValidator, type SortColumns } from '#validators/list_query'

/*
 * The account lists, as the back office reads them too: each list's own filters, paging,
 * `_sort` from its whitelist, field filters and `q`.
 */

/** What each account list may be sorted by: its JSON names → its table's columns. */
export const APPLICATION_SORTS: SortColumns = {
  id: 'id',
  createdAt: 'created_at',
  moveInDate: 'move_in_date',
  status: 'status',
}
export const PAYMENT_SORTS: SortColumns = {
  id: 'id',
  createdAt: 'created_at',
  paymentDate: 'payment_date',
  amount: 'amount_halalas',
  monthCovered: 'month_covered',
  paymentStatus: 'status',
}
export const MAINTENANCE_SORTS: SortColumns = {
  id: 'id',
  createdAt: 'created_at',
  status: 'status',
  priority: 'priority',
  category: 'category',
}

const rowFilter = () => vine.number().withoutDecimals().min(1).max(MAX_ID).optional()

/** The payments list's filters; the CSV export and the summary take the same. */
const paymentFilterFields = {
  status: vine.enum(PAYMENT_STATUSES).optional(),
  /* Refine names the field as the contract does. */
  paymentStatus: vine.enum(PAYMENT_STATUSES).optional(),
  /* A rent month, `yyyy-MM`. */
  monthCovered: vine
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  buildingId: rowFilter(),
  userId: rowFilter(),
  roomId: rowFilter(),
}

export const listPaymentsValidator = listValidator(PAYMENT_SORTS, paymentFilterFields)

export const listMaintenanceValidator = listValidator(MAINTENANCE_SORTS, {
  status: vine.enum(MAINTENANCE_STATUSES).optional(),
  priority: vine.enum(MAINTENANCE_PRIORITIES).optional(),
  category: vine.enum(MAINTENANCE_CATEGORIES).optional(),
  buildingId: rowFilter(),
  roomId: rowFilter(),
})

export const listApplicationsValidator = listValidator(APPLICATION_SORTS, {
  status: vine.enum(APPLICATION_STATUSES).optional(),
  roomId: rowFilter(),
  userId: rowFilter(),
})

/** The payments' summary and CSV export: the list's filters and search, no paging. */
export const paymentsExportValidator = vine.create(
  vine.object({
    ...paymentFilterFields,
    q: listQueryFields(PAYMENT_SORTS).q,
  })
)

export const AUDIT_SORTS = { id: 'id', createdAt: 'created_at' } as const

export const listAuditEventsValidator = listValidator(AUDIT_SORTS, {
  actorId: rowFilter(),
  action: vine.string().trim().maxLength(60).optional(),
  subjectType: vine.string().trim().maxLength(40).optional(),
  subjectId: rowFilter(),
})
