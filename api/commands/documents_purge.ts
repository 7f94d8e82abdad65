import { purgeExpiredDocuments, retentionDays } from '#services/id_documents_at_rest'
import { flags } from '@adonisjs/core/ace'
import AppCommand from '#commands/_app_command'

/**
 * `node ace documents:purge`: destroys the ID documents no longer needed for
 * `DOCUMENT_RETENTION_DAYS` days (30 by default): a rejected application's, and an approved
 * one's once its stay has begun and its Ejar contract is recorded. Run daily by the web
 * process; safe to run again, late, or on several machines at once. `--application <id>`
 * looks at that one application only (an applicant's request, a test).
 */
export default class DocumentsPurge extends AppCommand {
  static commandName = 'documents:purge'
  static description = 'Destroy the ID documents no longer needed (DOCUMENT_RETENTION_DAYS)'

  @flags.number({ description: 'Only this application (its document, if no longer needed)' })
  declare application?: number

  async run() {
    let days: number
    try {
      days = retentionDays()
    } catch (error) {
      return this.refuse((error as Error).message)
    }
    if (
      this.application !== undefined &&
      !(Number.isInteger(this.application) && this.application > 0)
    ) {
      return this.refuse('--application must be an application id')
    }
    const destroyed = await purgeExpiredDocuments(new Date(), days, this.application)
    this.logger.info(
      `${destroyed} ID documents destroyed (kept ${days} days once no longer needed)`
    )
  }
}
