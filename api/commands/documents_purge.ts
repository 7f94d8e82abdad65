import { purgeExpiredDocuments, retentionDays } from '#services/id_documents_at_rest'
import AppCommand from '#commands/_app_command'

/**
 * `node ace documents:purge`: destroys the ID documents no longer needed for
 * `DOCUMENT_RETENTION_DAYS` days (30 by default): a rejected application's, and an approved
 * one's once its stay has begun and its Ejar contract is recorded. Run daily by the web
 * process; safe to run again, late, or on several machines at once.
 */
export default class DocumentsPurge extends AppCommand {
  static commandName = 'documents:purge'
  static description = 'Destroy the ID documents no longer needed (DOCUMENT_RETENTION_DAYS)'

  async run() {
    let days: number
    try {
      days = retentionDays()
    } catch (error) {
      return this.refuse((error as Error).message)
    }
    const destroyed = await purgeExpiredDocuments(new Date(), days)
    this.logger.info(
      `${destroyed} ID documents destroyed (kept ${days} days once no longer needed)`
    )
  }
}
