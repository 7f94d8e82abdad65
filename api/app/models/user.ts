import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import type { Role } from '@sakan/common'
import Application from '#models/application'

export default class User extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare firebaseUid: string

  @column()
  declare email: string

  @column()
  declare fullName: string | null

  @column()
  declare username: string | null

  @column()
  declare phone: string | null

  @column()
  declare photoUrl: string | null

  @column()
  declare role: Role

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => Application)
  declare applications: HasMany<typeof Application>

  get isAdmin(): boolean {
    return this.role === 'admin'
  }
}
