import vine from '@vinejs/vine'
import { MAINTENANCE_STATUSES, PAYMENT_STATUSES } from '@sakan/common'
import { MAX_OFFSET } from '#validators/limits'

const paging = {
  _start: vine.number().withoutDecimals().min(0).max(MAX_OFFSET).optional(),
  _end: vine.number().withoutDecimals().min(1).max(MAX_OFFSET).optional(),
}

export const listPaymentsValidator = vine.create(
  vine.object({ status: vine.enum(PAYMENT_STATUSES).optional(), ...paging })
)

export const listMaintenanceValidator = vine.create(
  vine.object({ status: vine.enum(MAINTENANCE_STATUSES).optional(), ...paging })
)

/** The largest page a list answers. */
export const MAX_PAGE = 100

export function pageOf(input: { _start?: number; _end?: number }) {
  const start = input._start ?? 0
  const end = Math.min(input._end ?? start + MAX_PAGE, start + MAX_PAGE)
  return { start, limit: Math.max(0, end - start) }
}
