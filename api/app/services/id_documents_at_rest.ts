import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import { riyadhToday } from '@sakan/common'
import env from '#start/env'
import { sqlTimestamp } from '#services/sql_time'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { AuditAction, DocumentViews } from '@sakan/common'
import { decryptDocument, encryptDocument, isCurrent } from '#services/document_crypto'
import { audit } from '#services/audit'
import AuditEvent from '#models/audit_event'
import { instant } from '#transformers/helpers'

/*
 * Where ID documents are written and read: always through their encryption
 * (services/document_crypto.ts), on the private documents disk (local or S3).
 */

const disk = () => drive.use('documents')

/** Stores an ID document under its key, encrypted. */
export async function storeIdDocument(key: string, contents: Buffer): Promise<void> {
  await disk().put(key, encryptDocument(key, contents), {
    contentType: 'application/octet-stream',
  })
}

/** The document as uploaded, or null when no file is stored under the key. */
export async function readStoredIdDocument(key: string): Promise<Buffer | null> {
  const file = disk().file(key)
  let stored: Uint8Array
  try {
    stored = await file.getBytes()
  } catch (error) {
    if (await file.exists()) throw error
    return null
  }
  return decryptDocument(key, stored)
}

/** How many applications one pass over the stored documents reads at a time. */
const BATCH = 100

/**
 * Encrypts with the current key every stored ID document that is not yet: those stored before
 * encryption, and those wrapped by a previous key. Safe to run again (a current file is left
 * as it is) and bounded: the applications are walked by id, a batch at a time. Answers how
 * many files were written, and how many keys named no file.
 */
export async function encryptStoredDocuments(): Promise<{ written: number; missing: number }> {
  let written = 0
  let missing = 0
  await eachStoredDocument(
    () => {},
    async ({ document_key: key }) => {
      const file = disk().file(key)
      if (!(await file.exists())) {
        missing++
        return
      }
      const stored = await file.getBytes()
      if (isCurrent(stored)) return
      await storeIdDocument(key, decryptDocument(key, stored))
      written++
    }
  )
  return { written, missing }
}

interface StoredDocumentRow {
  id: number
  document_key: string
}

/**
 * Visits every application `a` holding a stored document that `narrow` keeps, by id, a batch
 * at a time: the passes over every document (encrypt, purge) hold one batch in memory, however
 * many there are.
 */
async function eachStoredDocument(
  narrow: (query: DatabaseQueryBuilderContract) => void,
  visit: (row: StoredDocumentRow) => Promise<void>
): Promise<void> {
  let after = 0
  for (;;) {
    const query = db
      .from('applications as a')
      .whereNotNull('a.document_key')
      .where('a.id', '>', after)
    narrow(query)
    const rows: StoredDocumentRow[] = await query
      .orderBy('a.id')
      .limit(BATCH)
      .select('a.id', 'a.document_key')
    if (rows.length === 0) return
    after = rows.at(-1)!.id
    for (const row of rows) await visit(row)
  }
}

/** The audit action of the administrator's look at an ID document (the application's history). */
export const DOCUMENT_VIEWED = 'application.document_viewed' satisfies AuditAction

/** Records that the administrator viewed or downloaded the application's ID document. */
export async function recordDocumentView(adminId: number, applicationId: number): Promise<void> {
  await db.transaction((trx) =>
    audit(trx, {
      actorId: adminId,
      action: DOCUMENT_VIEWED,
      subjectType: 'application',
      subjectId: applicationId,
    })
  )
}

/** How often the administrator has looked at the application's document, and when last. */
export async function documentViewsOf(applicationId: number): Promise<DocumentViews> {
  const views = () =>
    AuditEvent.query()
      .where('subject_type', 'application')
      .where('subject_id', applicationId)
      .where('action', DOCUMENT_VIEWED)
  const last = await views().orderBy('created_at', 'desc').orderBy('id', 'desc').first()
  if (!last) return { count: 0, lastAt: null }
  const [{ $extras }] = await views().count('* as count')
  return { count: Number($extras.count), lastAt: instant(last.createdAt) }
}

/** The administrator's looks among an application's audit events (its history, read already). */
export function documentViewsIn(events: AuditEvent[]): DocumentViews {
  const views = events.filter((event) => event.action === DOCUMENT_VIEWED)
  const last = views.at(-1)
  return { count: views.length, lastAt: last ? instant(last.createdAt) : null }
}

/** The audit action of a document destroyed once no longer needed. */
export const DOCUMENT_DESTROYED = 'application.document_destroyed' satisfies AuditAction

/** The longest `DOCUMENT_RETENTION_DAYS` may be: ten years. */
export const MAX_RETENTION_DAYS = 3650

/** Days a document is kept once no longer needed: `DOCUMENT_RETENTION_DAYS`, 30 by default. */
export function retentionDays(): number {
  const days = env.get('DOCUMENT_RETENTION_DAYS', 30)
  if (!Number.isInteger(days) || days < 0 || days > MAX_RETENTION_DAYS) {
    throw new Error(
      `DOCUMENT_RETENTION_DAYS must be a whole number from 0 to ${MAX_RETENTION_DAYS}`
    )
  }
  return days
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Destroys every ID document no longer needed for `days` days, and answers how many:
 * - a rejected application's, `days` after the decision;
 * - every document of an account she closed, at once (`destroyDocumentsOf` did not reach it);
 * - an approved one's once its stay has begun and the administrator has recorded its Ejar
 *   contract (which holds her identity from then on), `days` after both (the stay's last
 *   change stands for the day the number was recorded: never earlier than it).
 * The file goes first, then the application keeps only the document's type, size, hash, who
 * decided and when it was destroyed (audited). A file the storage would not delete is tried
 * again on the next run. Bounded: a batch of applications at a time, by id. `onlyApplication`
 * narrows it to one application.
 */
export async function purgeExpiredDocuments(
  now: Date = new Date(),
  days: number = retentionDays(),
  onlyApplication?: number
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS)
  const before = sqlTimestamp(cutoff)
  let destroyed = 0
  await eachStoredDocument(
    (query) =>
      query
        .if(onlyApplication !== undefined, (one) => one.where('a.id', onlyApplication!))
        .where((needed) =>
          needed
            .where((rejected) =>
              rejected.where('a.status', 'rejected').where('a.reviewed_at', '<=', before)
            )
            .orWhereExists((closed) =>
              closed.from('users as u').whereColumn('u.id', 'a.user_id').whereNotNull('u.closed_at')
            )
            .orWhereExists((stay) =>
              stay
                .from('tenancies as t')
                .whereColumn('t.application_id', 'a.id')
                .whereNotNull('t.ejar_contract_number')
                .where('t.start_date', '<=', riyadhToday(cutoff))
                .where('t.updated_at', '<=', before)
            )
        ),
    async (row) => {
      if (await destroyDocument(row.id, row.document_key, now)) destroyed++
    }
  )
  return destroyed
}

/**
 * Destroys every stored ID document of the user's applications, now (her account closed),
 * and deletes the files under `orphanKeys` (documents of applications deleted with it).
 * A file the storage keeps is logged; `purgeExpiredDocuments` tries a closed account's again.
 */
export async function destroyDocumentsOf(
  userId: number,
  orphanKeys: readonly string[],
  now: Date = new Date()
): Promise<void> {
  await eachStoredDocument(
    (query) => query.where('a.user_id', userId),
    async (row) => {
      await destroyDocument(row.id, row.document_key, now)
    }
  )
  for (const key of orphanKeys) {
    try {
      await disk().delete(key)
    } catch (error) {
      logger.error({ err: error }, 'an ID document could not be destroyed')
    }
  }
}

async function destroyDocument(id: number, key: string, now: Date): Promise<boolean> {
  try {
    if (await disk().exists(key)) await disk().delete(key)
  } catch (error) {
    logger.error({ err: error, application: id }, 'an ID document could not be destroyed')
    return false
  }
  return db.transaction(async (trx) => {
    const changed = await trx
      .from('applications')
      .where('id', id)
      .where('document_key', key)
      .update({ document_key: null, document_destroyed_at: sqlTimestamp(now) })
    if (Number(changed) === 0) return false
    await AuditEvent.create(
      {
        actorId: null,
        action: DOCUMENT_DESTROYED,
        subjectType: 'application',
        subjectId: id,
        details: null,
      },
      { client: trx }
    )
    return true
  })
}
