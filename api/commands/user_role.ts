import { BaseCommand, args } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import db from '@adonisjs/lucid/services/db'
import { ROLES, isOneOf, type Role } from '@sakan/common'
import User from '#models/user'
import { auditAuth } from '#services/audit'

/** The only way to make an administrator: `node ace user:role <email> admin|tenant`. */
export default class UserRole extends BaseCommand {
  static commandName = 'user:role'
  static description = 'Set the role (admin or tenant) of the user with this e-mail'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The user’s e-mail address' })
  declare email: string

  @args.string({ description: 'admin or tenant' })
  declare role: string

  async run() {
    if (!isOneOf(ROLES, this.role)) {
      this.logger.error(`role must be one of: ${ROLES.join(', ')}`)
      this.exitCode = 1
      return
    }
    const user = await User.findBy('email', this.email.trim().toLowerCase())
    if (!user) {
      this.logger.error(`no user with the e-mail ${this.email} (she must sign in once first)`)
      this.exitCode = 1
      return
    }
    if (user.role === this.role) {
      this.logger.info(`${user.email} is already ${user.role}`)
      return
    }
    const previous = user.role
    await db.transaction(async (trx) => {
      user.role = this.role as Role
      user.useTransaction(trx)
      await user.save()
      /* Made from the command line: no user acted through the API. */
      await auditAuth(
        {
          action: 'user.role_changed',
          userId: user.id,
          actorId: null,
          details: { from: previous, to: user.role },
        },
        trx
      )
    })
    this.logger.success(`${user.email} is now ${user.role}`)
  }
}
