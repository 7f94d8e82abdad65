import type { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { Locale, NotificationData, NotificationKind, NotificationState } from '@sakan/common'
import User from '#models/user'

/**
 * One thing a person is told: a row of the outbox, written in the transaction of
 * the change it tells about, and an entry of her list in the account app.
 */
export default class Notification extends BaseModel {
  @column({ isPrimary: true, consume: Number })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare kind: NotificationKind

  /** The recipient's language when it was written. */
  @column()
  declare locale: Locale

  @column({
    prepare: (value: NotificationData) => JSON.stringify(value),
    consume: (value: string | NotificationData) =>
      typeof value === 'string' ? JSON.parse(value) : value,
  })
  declare data: NotificationData

  @column()
  declare link: string | null

  @column()
  declare state: NotificationState

  @column()
  declare attempts: number

  @column.dateTime()
  declare nextAttemptAt: DateTime | null

  @column()
  declare lastError: string | null

  @column.dateTime()
  declare sentAt: DateTime | null

  @column.dateTime()
  declare readAt: DateTime | null

  @column()
  declare dedupeKey: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
