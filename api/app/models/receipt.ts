import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** The receipt of a completed payment: numbered per year, never reused. */
export default class Receipt extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare paymentId: number

  @column()
  declare year: number

  @column()
  declare number: number

  @column()
  declare grossHalalas: number

  @column()
  declare discountHalalas: number

  @column.dateTime()
  declare issuedAt: DateTime

  /** `2026-000042`: the year and the number within it. */
  get reference(): string {
    return `${this.year}-${String(this.number).padStart(6, '0')}`
  }
}
