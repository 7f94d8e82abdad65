import { type BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import Building from '#models/building'

/**
 * A record in one building (rooms, maintenance requests): its `building_id` and the relation.
 * Used as `class Room extends compose(BaseModel, withTimestamps, withBuilding)`.
 */
export function withBuilding<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class BuildingRecord extends superclass {
    @column()
    declare buildingId: number

    @belongsTo(() => Building)
    declare building: BelongsTo<typeof Building>
  }
  return BuildingRecord
}
