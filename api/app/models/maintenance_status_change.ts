import type { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { MaintenanceStatus } from '@sakan/common'
import User from '#models/user'

/** One step of a maintenance request's status history; the creation has no `fromStatus`. */
export default class MaintenanceStatusChange extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare maintenanceRequestId: number

  @column()
  declare fromStatus: MaintenanceStatus | null

  @column()
  declare toStatus: MaintenanceStatus

  /** Who made the change: the tenant for the creation, the administrator after. */
  @column()
  declare changedBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User, { foreignKey: 'changedBy' })
  declare changer: BelongsTo<typeof User>
}
