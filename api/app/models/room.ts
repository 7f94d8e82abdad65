import type { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withArchive, withTimestamps } from '#models/mixins/with_timestamps'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { fromHalalas, type RoomFeature as Feature } from '@sakan/common'
import { withBuilding } from '#models/mixins/with_building'
import RoomFeature from '#models/room_feature'
import RoomPhoto from '#models/room_photo'

export default class Room extends compose(BaseModel, withTimestamps, withArchive, withBuilding) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare roomNumber: string

  /** Monthly rent in halalas; `price` gives SAR. */
  @column()
  declare priceHalalas: number

  @column({ columnName: 'size_m2', consume: Number })
  declare sizeM2: number

  @column()
  declare typeEn: string | null

  @column()
  declare typeAr: string | null

  @column()
  declare descriptionEn: string

  @column()
  declare descriptionAr: string

  @column({ consume: Boolean })
  declare availability: boolean

  /** The day a taken room is free again, when the stay holding it ends on a day ahead. */
  @column.date()
  declare availableFrom: DateTime | null

  @column()
  declare occupancyRate: number

  @hasMany(() => RoomFeature)
  declare featureRows: HasMany<typeof RoomFeature>

  @hasMany(() => RoomPhoto, { onQuery: (query) => query.orderBy('position', 'asc') })
  declare photos: HasMany<typeof RoomPhoto>

  get price(): number {
    return fromHalalas(this.priceHalalas)
  }

  /** Requires `featureRows` preloaded. */
  get features(): Feature[] {
    return (this.featureRows ?? []).map((row) => row.feature)
  }
}
