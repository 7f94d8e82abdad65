import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { MaintenanceCategory, MaintenancePriority, MaintenanceStatus } from '@sakan/common'
import User from '#models/user'
import { visibleTo } from '#models/scopes/visible_to'
import Room from '#models/room'
import Building from '#models/building'

export default class MaintenanceRequest extends BaseModel {
  /** Hers for a tenant, all for the administrator. */
  static visibleTo = visibleTo<typeof MaintenanceRequest>()

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare roomId: number

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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => Room)
  declare room: BelongsTo<typeof Room>

  @belongsTo(() => Building)
  declare building: BelongsTo<typeof Building>
}
