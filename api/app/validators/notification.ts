import vine from '@vinejs/vine'
import {
  LOCALES,
  MAX_FULL_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MIN_FULL_NAME_LENGTH,
  NOTIFICATION_KINDS,
  NOTIFICATION_STATES,
  PHONE_PATTERN,
} from '@sakan/common'
import { MAX_ID } from '#validators/limits'
import { pagingFields } from '#validators/paging'
import { SORT_ORDERS } from '#validators/list_query'

/** `GET /api/notifications`: paging, and only the unread ones with `unread=true`. */
export const listNotificationsValidator = vine.create(
  vine.object({
    unread: vine.boolean().optional(),
    ...pagingFields,
  })
)

/** `POST /api/notifications/read`: `{ids: [...]}` or `{all: true}`. */
export const readNotificationsValidator = vine.create(
  vine.object({
    ids: vine.array(vine.number().withoutDecimals().min(1).max(MAX_ID)).maxLength(100).optional(),
    all: vine.boolean().optional().requiredIfMissing('ids'),
  })
)

/** `GET /api/admin/notifications`: paging, by state and kind, in the order written (newest first by default). */
export const listOutboxValidator = vine.create(
  vine.object({
    state: vine.enum(NOTIFICATION_STATES).optional(),
    kind: vine.enum(NOTIFICATION_KINDS).optional(),
    ...pagingFields,
    _sort: vine.enum(['id', 'createdAt'] as const).optional(),
    _order: vine.enum(SORT_ORDERS).optional(),
  })
)

/**
 * `PATCH /api/auth/me`: her language for messages, whether she gets rent reminders, and her
 * name and phone as she corrects them ("My data"; an empty phone removes it).
 */
export const preferencesValidator = vine.create(
  vine.object({
    locale: vine.enum(LOCALES).optional(),
    rentReminders: vine.boolean().optional(),
    fullName: vine
      .string()
      .trim()
      .minLength(MIN_FULL_NAME_LENGTH)
      .maxLength(MAX_FULL_NAME_LENGTH)
      .optional(),
    phone: vine
      .string()
      .trim()
      .maxLength(MAX_PHONE_LENGTH)
      .regex(PHONE_PATTERN)
      .nullable()
      .optional(),
  })
)
