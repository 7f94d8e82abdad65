import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withArchive, withTimestamps } from '#models/mixins/with_timestamps'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import type { BuildingAmenity as Amenity, Zone } from '@sakan/common'
import BuildingAmenity from '#models/building_amenity'
import Room from '#models/room'

export default class Building extends compose(BaseModel, withTimestamps, withArchive) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare nameEn: string

  @column()
  declare nameAr: string

  @column()
  declare addressEn: string

  @column()
  declare addressAr: string

  @column()
  declare zone: Zone

  @column()
  declare latitude: number

  @column()
  declare longitude: number

  @column({ consume: Boolean })
  declare isFullyManaged: boolean

  @hasMany(() => BuildingAmenity)
  declare amenityRows: HasMany<typeof BuildingAmenity>

  @hasMany(() => Room)
  declare rooms: HasMany<typeof Room>

  /** The amenities, in the specification's order; requires `amenityRows` preloaded. */
  get amenities(): Amenity[] {
    return (this.amenityRows ?? []).map((row) => row.amenity)
  }
}
