import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { MaintenancePhotoType } from '@sakan/common'

/** One photo of a maintenance request, stored privately on the documents disk. */
export default class MaintenancePhoto extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare maintenanceRequestId: number

  /** 1-based, in upload order: the `n` of `/api/maintenance-requests/{id}/photos/{n}`. */
  @column()
  declare position: number

  /** Our own opaque storage key: `maintenance/<uuid>.<ext>`. */
  @column()
  declare key: string

  @column()
  declare contentType: MaintenancePhotoType

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
