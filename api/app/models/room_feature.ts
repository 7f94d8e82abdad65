import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { RoomFeature as Feature } from '@sakan/common'

export default class RoomFeature extends BaseModel {
  static table = 'room_features'

  @column({ isPrimary: true })
  declare roomId: number

  @column({ isPrimary: true })
  declare feature: Feature
}
