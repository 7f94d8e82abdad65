import vine from '@vinejs/vine'
import { MAINTENANCE_STATUSES, PAYMENT_STATUSES } from '@sakan/common'
import { pagingFields } from '#validators/paging'

export const listPaymentsValidator = vine.create(
  vine.object({
    status: vine.enum(PAYMENT_STATUSES).optional(),
    /* A rent month, `yyyy-MM`. */
    monthCovered: vine
      .string()
      .trim()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .optional(),
    ...pagingFields,
  })
)

export const listMaintenanceValidator = vine.create(
  vine.object({ status: vine.enum(MAINTENANCE_STATUSES).optional(), ...pagingFields })
)
