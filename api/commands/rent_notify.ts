import { flags } from '@adonisjs/core/ace'
import { sendRentNotices } from '#services/rent_notices'
import { releaseFreedRooms } from '#services/tenancies'
import AppCommand from '#commands/_app_command'

/**
 * `node ace rent:notify`: frees the rooms whose stay has ended, then writes today's
 * rent reminders and overdue notices (the outbox's worker e-mails them). Run daily by the web process and by the release's scheduler; safe to
 * run again, late, or on several machines at once: each notice is written once per stay and
 * month.
 */
export default class RentNotify extends AppCommand {
  static commandName = 'rent:notify'
  static description = 'Write today’s rent reminders and overdue notices (once per stay and month)'

  @flags.string({ description: 'The instant to act as of (ISO 8601; now by default)' })
  declare at?: string

  async run() {
    const now = this.at ? new Date(this.at) : new Date()
    if (Number.isNaN(now.getTime()))
      return this.refuse(`--at must be an ISO 8601 instant, not ${this.at}`)
    const freed = await releaseFreedRooms(now)
    if (freed > 0) this.logger.info(`${freed} rooms free again`)
    const written = await sendRentNotices(now)
    this.logger.info(`${written} rent notices written`)
  }
}
