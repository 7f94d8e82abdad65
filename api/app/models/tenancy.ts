import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { DepositState, TenancyState } from '@sakan/common'
import { withTenantRoom } from '#models/mixins/with_tenant_room'

/** A resident's stay in a room, opened when her application is approved. */
export default class Tenancy extends compose(BaseModel, withTenantRoom) {
  static table = 'tenancies'

  @column()
  declare applicationId: number

  /** Integer halalas, fixed at approval: a later price change does not reach a running stay. */
  @column()
  declare monthlyRentHalalas: number

  @column.date()
  declare startDate: DateTime

  @column.date()
  declare endDate: DateTime | null

  @column()
  declare endReason: string | null

  @column()
  declare state: TenancyState

  @column()
  declare depositHalalas: number

  /**
   * @deprecated The deposit's state is derived: `depositStateOf` of the completed
   * deposit payments and `depositReturnedHalalas`. The column is no longer kept up to date by
   * stays; it goes once nothing reads it.
   */
  @column()
  declare depositState: DepositState

  /** What was returned of the deposit so far, over one or more returns (halalas). */
  @column()
  declare depositReturnedHalalas: number | null

  /** The reason given with the latest return. */
  @column()
  declare depositReturnReason: string | null

  @column()
  declare ejarContractNumber: string | null
}
