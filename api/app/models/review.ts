import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Review extends BaseModel {
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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
