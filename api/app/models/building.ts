import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import type { BuildingAmenity as Amenity, Zone } from '@sakan/common'
import BuildingAmenity from '#models/building_amenity'
import Room from '#models/room'

export default class Building extends BaseModel {
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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** Hidden from the public and kept for history (issue 13); null while public. */
  @column.dateTime()
  declare archivedAt: DateTime | null

  @hasMany(() => BuildingAmenity)
  declare amenityRows: HasMany<typeof BuildingAmenity>

  @hasMany(() => Room)
  declare rooms: HasMany<typeof Room>

  /** The amenities, in the specification's order; requires `amenityRows` preloaded. */
  get amenities(): Amenity[] {
    return (this.amenityRows ?? []).map((row) => row.amenity)
  }
}
