import { args } from '@adonisjs/core/ace'
import db from '@adonisjs/lucid/services/db'
import { ROLES, isOneOf, type Role } from '@sakan/common'
import User from '#models/user'
import { auditAuth } from '#services/audit'
import AppCommand from '#commands/_app_command'

/** The only way to make an administrator: `node ace user:role <email> admin|tenant`. */
export default class UserRole extends AppCommand {
  static commandName = 'user:role'
  static description = 'Set the role (admin or tenant) of the user with this e-mail'

  @args.string({ description: 'The user’s e-mail address' })
  declare email: string

  @args.string({ description: 'admin or tenant' })
  declare role: string

  async run() {
    if (!isOneOf(ROLES, this.role)) return this.refuse(`role must be one of: ${ROLES.join(', ')}`)
    const user = await User.findBy('email', this.email.trim().toLowerCase())
    if (!user)
      return this.refuse(`no user with the e-mail ${this.email} (she must sign in once first)`)
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
