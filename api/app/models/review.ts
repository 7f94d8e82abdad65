import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withTimestamps } from '#models/mixins/with_timestamps'

export default class Review extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare key: string

  @column()
  declare rating: number

  @column()
  declare commentEn: string

  @column()
  declare commentAr: string

  @column()
  declare authorNameEn: string

  @column()
  declare authorNameAr: string

  @column()
  declare authorTitleEn: string | null

  @column()
  declare authorTitleAr: string | null

  @column()
  declare avatarKey: string | null

  @column({ consume: Boolean })
  declare featured: boolean
}
