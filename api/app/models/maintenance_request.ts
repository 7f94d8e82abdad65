import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import type { MaintenanceCategory, MaintenancePriority, MaintenanceStatus } from '@sakan/common'
import { compose } from '@adonisjs/core/helpers'
import { withTenantRoom } from '#models/mixins/with_tenant_room'
import { withBuilding } from '#models/mixins/with_building'
import MaintenancePhoto from '#models/maintenance_photo'
import MaintenanceStatusChange from '#models/maintenance_status_change'

export default class MaintenanceRequest extends compose(BaseModel, withTenantRoom, withBuilding) {
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

  /** In upload order when loaded through `withDetails` (maintenance service). */
  @hasMany(() => MaintenancePhoto)
  declare photos: HasMany<typeof MaintenancePhoto>

  /** Oldest first when loaded through `withDetails` (maintenance service). */
  @hasMany(() => MaintenanceStatusChange)
  declare history: HasMany<typeof MaintenanceStatusChange>
}
