import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import {
  fromHalalas,
  type Currency,
  type PaymentKind,
  type PaymentMethod,
  type PaymentStatus,
} from '@sakan/common'
import { compose } from '@adonisjs/core/helpers'
import { withTenantRoom } from '#models/mixins/with_tenant_room'
import Application from '#models/application'
import PaymentMonth from '#models/payment_month'

export default class Payment extends compose(BaseModel, withTenantRoom) {
  @column()
  declare applicationId: number

  @column()
  declare amountHalalas: number

  @column()
  declare currency: Currency

  @column()
  declare method: PaymentMethod

  /** Rent, or a stay's deposit. */
  @column()
  declare kind: PaymentKind

  /** The rent month, `yyyy-MM` (the first of several paid ahead; for a deposit, the month it was paid). */
  @column()
  declare monthCovered: string

  /** The card gateway's payment id (the spec's `paymentReference`); null for a recorded payment. */
  @column()
  declare gatewayPaymentId: string | null

  /** A recorded payment's own reference: the Ejar/SADAD or transfer reference, the receipt book's number. */
  @column()
  declare reference: string | null

  /** What the gateway gave back of it so far (halalas). */
  @column()
  declare refundedHalalas: number

  /** Why the administrator voided it (a recorded payment). */
  @column()
  declare voidReason: string | null

  @column()
  declare status: PaymentStatus

  /** Why the status is what it is when the gateway alone does not say (e.g. `month_already_paid`). */
  @column()
  declare statusReason: string | null

  @column.dateTime()
  declare paymentDate: DateTime | null

  @belongsTo(() => Application)
  declare application: BelongsTo<typeof Application>

  /** The rent months it pays (none for a deposit). */
  @hasMany(() => PaymentMonth)
  declare months: HasMany<typeof PaymentMonth>

  get amount(): number {
    return fromHalalas(this.amountHalalas)
  }

  /** `paymentReference`: the gateway's payment id, or a recorded payment's own reference. */
  get paymentReference(): string {
    return this.gatewayPaymentId ?? this.reference ?? ''
  }
}
