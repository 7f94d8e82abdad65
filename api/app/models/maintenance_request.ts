import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { MaintenanceCategory, MaintenancePriority, MaintenanceStatus } from '@sakan/common'
import { compose } from '@adonisjs/core/helpers'
import { visibleTo } from '#models/scopes/visible_to'
import { withTenantRoom } from '#models/mixins/with_tenant_room'
import Building from '#models/building'

export default class MaintenanceRequest extends compose(BaseModel, withTenantRoom) {
  /** Hers for a tenant, all for the administrator. */
  static visibleTo = visibleTo<typeof MaintenanceRequest>()

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare buildingId: number

  @column()
  declare title: string

  @column()
  declare description: string

  @column()
  declare category: MaintenanceCategory

  @column()
  declare priority: MaintenancePriority

  @column()
  declare status: MaintenanceStatus

  @belongsTo(() => Building)
  declare building: BelongsTo<typeof Building>
}
