import { type BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import User from '#models/user'
import Room from '#models/room'
import { withTimestamps } from '#models/mixins/with_timestamps'
import { visibleTo } from '#models/scopes/visible_to'

/**
 * A tenant's record about one room (applications, payments, maintenance requests, stays): its
 * `id`, her `user_id` (what the `visibleTo` scope filters on), the room's `room_id`, both
 * relations and the timestamps. Used as `class Payment extends compose(BaseModel, withTenantRoom)`.
 */
export function withTenantRoom<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class TenantRoomRecord extends withTimestamps(superclass) {
    /** Hers for a tenant, all for the administrator. */
    static visibleTo = visibleTo<LucidModel>()

    @column({ isPrimary: true })
    declare id: number

    @column()
    declare userId: number

    @column()
    declare roomId: number

    @belongsTo(() => User)
    declare user: BelongsTo<typeof User>

    @belongsTo(() => Room)
    declare room: BelongsTo<typeof Room>
  }
  return TenantRoomRecord
}
