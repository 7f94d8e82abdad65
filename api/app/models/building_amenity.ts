import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { BuildingAmenity as Amenity } from '@sakan/common'

export default class BuildingAmenity extends BaseModel {
  static table = 'building_amenities'

  @column({ isPrimary: true })
  declare buildingId: number

  @column({ isPrimary: true })
  declare amenity: Amenity
}
