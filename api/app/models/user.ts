import type { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withTimestamps } from '#models/mixins/with_timestamps'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import type { Locale, Role } from '@sakan/common'
import Application from '#models/application'

export default class User extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare firebaseUid: string

  @column()
  declare email: string

  /** Whether Firebase has verified the e-mail (from the token at the latest sign-in). */
  @column({ consume: Boolean })
  declare emailVerified: boolean

  /** When Firebase was last asked about the account (epoch ms); see services/sessions.ts. */
  @column({ consume: optionalNumber })
  declare firebaseCheckedAt: number | null

  /** Firebase's "tokens valid after" at that time (epoch ms): earlier sessions are revoked. */
  @column({ consume: optionalNumber })
  declare firebaseTokensValidAfter: number | null

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

  /** The language her messages are written in: her latest choice while signed in. */
  @column()
  declare locale: Locale

  /** Whether she gets rent reminders (decisions, payments and receipts always go). */
  @column({ consume: Boolean })
  declare rentReminders: boolean

  /** The privacy notice's version she last accepted (services/consents.ts), or null. */
  @column()
  declare privacyVersion: string | null

  /** When she closed her account herself (services/account_closure.ts), or null. */
  @column.dateTime()
  declare closedAt: DateTime | null

  @hasMany(() => Application)
  declare applications: HasMany<typeof Application>

  get isAdmin(): boolean {
    return this.role === 'admin'
  }
}

/* PostgreSQL returns bigint columns as strings. */
function optionalNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value)
}
