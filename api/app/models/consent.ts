import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { ConsentContext } from '@sakan/common'

/** One acceptance of the privacy notice: its version, where, and when (services/consents.ts). */
export default class Consent extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare version: string

  @column()
  declare context: ConsentContext

  /** The application it came with, when it did. */
  @column()
  declare applicationId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
