import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A rent month of a room a payment covers: one, or 3 or 12 paid ahead. */
export default class PaymentMonth extends BaseModel {
  static table = 'payment_months'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare paymentId: number

  @column()
  declare roomId: number

  @column()
  declare applicationId: number

  /** `yyyy-MM`. */
  @column()
  declare month: string

  /** Whether its payment is completed (the unique indexes count only these). */
  @column({ consume: (value) => Boolean(value) })
  declare completed: boolean
}
