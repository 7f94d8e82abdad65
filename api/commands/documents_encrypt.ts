import { encryptStoredDocuments } from '#services/id_documents_at_rest'
import AppCommand from '#commands/_app_command'

/**
 * `node ace documents:encrypt`: encrypts with the current `DOCUMENT_KEY` every stored ID
 * document that is not yet (stored before encryption, or under a previous key after a
 * rotation). Safe to run again: a file already current is left as it is.
 */
export default class DocumentsEncrypt extends AppCommand {
  static commandName = 'documents:encrypt'
  static description = 'Encrypt every stored ID document with the current DOCUMENT_KEY'

  async run() {
    const { written, missing } = await encryptStoredDocuments()
    this.logger.info(`${written} documents encrypted with the current key`)
    if (missing > 0)
      this.logger.warning(`${missing} applications name a document that is not stored`)
  }
}
