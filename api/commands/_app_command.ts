import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * A command run on the booted application (its database, storage and services). The file's
 * name starts with `_`, so ace's loader does not take it for a command of its own.
 */
export default abstract class AppCommand extends BaseCommand {
  static options: CommandOptions = { startApp: true }

  /** Ends the command as failed, nothing done, saying why. */
  protected refuse(reason: string): void {
    this.logger.error(reason)
    this.exitCode = 1
  }
}
