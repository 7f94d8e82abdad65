import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class RoomPhoto extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare roomId: number

  @column()
  declare position: number

  /** The stored image's base name; its files are `<key>-<width>.jpg` (and `.avif`, `.webp`). */
  @column()
  declare key: string

  @column()
  declare width: number

  @column()
  declare height: number
}
