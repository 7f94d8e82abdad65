import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One administrator decision or sign-in event, kept for the record. */
export default class AuditEvent extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare actorId: number | null

  @column()
  declare action: string

  @column()
  declare subjectType: string

  @column()
  declare subjectId: number | null

  @column({
    prepare: (value: Record<string, unknown> | null) =>
      value === null ? null : JSON.stringify(value),
    consume: (value: string | null) => (value === null ? null : JSON.parse(value)),
  })
  declare details: Record<string, unknown> | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
