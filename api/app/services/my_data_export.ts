import { Readable } from 'node:stream'
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import drive from '@adonisjs/drive/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { MAX_PAGE_ROWS, riyadhToday, type Locale } from '@sakan/common'
import type User from '#models/user'
import Tenancy from '#models/tenancy'
import Notification from '#models/notification'
import AuditEvent from '#models/audit_event'
import Receipt from '#models/receipt'
import { accountList } from '#services/account_lists'
import { ledgerPaymentFacts, stayFactsOf } from '#services/tenancies'
import { receiptOf } from '#services/payments'
import { notificationItem } from '#services/notifications'
import { consentsOf } from '#services/consents'
import { readStoredIdDocument } from '#services/id_documents_at_rest'
import { serializeUser } from '#transformers/user_transformer'
import { serializeLedger, serializeTenancy } from '#transformers/tenancy_transformer'
import { serializeReceipt } from '#transformers/payment_transformer'
import { instant } from '#transformers/helpers'

/*
 * "My data" (the Personal Data Protection Law's right of access): everything the product
 * keeps about her, as a ZIP holding `data.json` — the records in the API's own shapes, in
 * her language — and her files (her ID documents while they are kept, her maintenance
 * photos). Everything is read before the first byte is sent, but the files, which are read
 * one at a time as the ZIP is written: a large export holds one file in memory.
 */

/** The most rows of one kind an export holds (a section cut there says so in `cut`). */
export const EXPORT_MAX_ROWS = 5_000

/** The most files an export holds. */
export const EXPORT_MAX_FILES = 1_000

/** A stored file's extension: its key's, `<folder>/<uuid>.<ext>` as the upload checks named it. */
const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1)

interface ExportFile {
  name: string
  read: () => Promise<Uint8Array | null>
}

type Row = Record<string, unknown> & { id: number }

/** Every row of an account list of hers, newest first, a page at a time, up to the cap. */
async function allOf(
  name: 'applications' | 'payments' | 'maintenance',
  user: User,
  locale: Locale
): Promise<Row[]> {
  const rows: Row[] = []
  while (rows.length < EXPORT_MAX_ROWS) {
    const page = await accountList(name, {
      user,
      locale,
      filters: { user_id: user.id },
      range: { _start: rows.length, _end: rows.length + MAX_PAGE_ROWS },
    })
    const read = JSON.parse(page.rows) as Row[]
    rows.push(...read)
    if (read.length < MAX_PAGE_ROWS) break
  }
  return rows
}

/** The events about her: hers, those on her account, and those on her records. */
async function eventsAbout(user: User, records: Record<string, number[]>) {
  const events = await AuditEvent.query()
    .where((about) => {
      about
        .where('actor_id', user.id)
        .orWhere((account) => account.where('subject_type', 'user').where('subject_id', user.id))
      for (const [subjectType, ids] of Object.entries(records)) {
        if (ids.length === 0) continue
        about.orWhere((record) =>
          record.where('subject_type', subjectType).whereIn('subject_id', ids)
        )
      }
    })
    .orderBy('id', 'desc')
    .limit(EXPORT_MAX_ROWS)
  return events.map((event) => ({
    id: event.id,
    action: event.action,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    by: event.actorId === null ? 'system' : event.actorId === user.id ? 'you' : 'administrator',
    details: event.details,
    at: instant(event.createdAt),
  }))
}

/** What the export holds: `data.json`'s object and the files beside it. */
export async function collectMyData(user: User, locale: Locale, now: Date = new Date()) {
  const [applications, payments, maintenance] = await Promise.all([
    allOf('applications', user, locale),
    allOf('payments', user, locale),
    allOf('maintenance', user, locale),
  ])

  const stays = await Tenancy.query()
    .where('user_id', user.id)
    .preload('user')
    .preload('room', (room) => room.preload('building'))
    .orderBy('id', 'desc')
    .limit(EXPORT_MAX_ROWS)
  const facts = await stayFactsOf(stays, now)

  const receiptRows = await Receipt.query()
    .whereIn(
      'payment_id',
      payments.map((payment) => payment.id)
    )
    .orderBy('id', 'desc')
    .limit(EXPORT_MAX_ROWS)
  const receipts = []
  for (const row of receiptRows) {
    receipts.push(serializeReceipt(await receiptOf(user, row.paymentId), locale))
  }

  const notifications = await Notification.query()
    .where('user_id', user.id)
    .orderBy('id', 'desc')
    .limit(EXPORT_MAX_ROWS)

  const files: ExportFile[] = []
  const documents = await db
    .from('applications')
    .where('user_id', user.id)
    .whereNotNull('document_key')
    .orderBy('id')
    .limit(EXPORT_MAX_FILES)
    .select('id', 'document_key')
  const documentFiles = new Map<number, string>()
  for (const document of documents) {
    const name = `documents/application-${document.id}.${extensionOf(document.document_key)}`
    documentFiles.set(document.id, name)
    files.push({ name, read: () => readStoredIdDocument(document.document_key) })
  }
  const photos = await db
    .from('maintenance_photos as p')
    .join('maintenance_requests as r', 'r.id', 'p.maintenance_request_id')
    .where('r.user_id', user.id)
    .orderBy('p.maintenance_request_id')
    .orderBy('p.position')
    .limit(EXPORT_MAX_FILES - files.length)
    .select('p.maintenance_request_id as request', 'p.position', 'p.key')
  const photoFiles = new Map<number, string[]>()
  for (const photo of photos) {
    const name = `maintenance/request-${photo.request}-${photo.position}.${extensionOf(photo.key)}`
    photoFiles.set(photo.request, [...(photoFiles.get(photo.request) ?? []), name])
    files.push({ name, read: () => readPhoto(photo.key) })
  }

  const sections = { applications, payments, maintenance, stays, receiptRows, notifications }
  const cut = Object.entries(sections)
    .filter(([, rows]) => rows.length >= EXPORT_MAX_ROWS)
    .map(([name]) => name)
  const paymentFacts = await ledgerPaymentFacts([...facts.values()].map((fact) => fact.ledger))
  const t = i18nManager.locale(locale)
  const data = {
    about: t.t('account.exportReadme', { date: riyadhToday(now) }),
    exportedAt: now.toISOString(),
    language: locale,
    profile: { ...serializeUser(user), createdAt: instant(user.createdAt) },
    applications: applications.map((application) => ({
      ...application,
      documentFile: documentFiles.get(application.id) ?? null,
    })),
    stays: stays.map((stay) => {
      const fact = facts.get(stay.id)!
      return {
        ...serializeTenancy(stay, fact, locale),
        ledger: serializeLedger(fact.ledger, paymentFacts),
      }
    }),
    payments,
    receipts,
    maintenanceRequests: maintenance.map((request) => ({
      ...request,
      photoFiles: photoFiles.get(request.id) ?? [],
    })),
    notifications: notifications.map((row) => notificationItem(row, locale)),
    consents: await consentsOf(user.id, EXPORT_MAX_ROWS),
    events: await eventsAbout(user, {
      application: applications.map((row) => row.id),
      payment: payments.map((row) => row.id),
      tenancy: stays.map((row) => row.id),
      maintenance_request: maintenance.map((row) => row.id),
    }),
    cut,
  }
  return { data, files }
}

async function readPhoto(key: string): Promise<Uint8Array | null> {
  const file = drive.use('documents').file(key)
  try {
    return await file.getBytes()
  } catch (error) {
    if (await file.exists()) throw error
    return null
  }
}

/**
 * The ZIP of `collectMyData`, written as it is read: `data.json` (compressed), then each file
 * stored as it is (images and PDFs are compressed already), the next file read only once the
 * answer has taken the last one. A file that is gone since is left out; a storage failure
 * ends the stream with its error (the download fails, nothing is kept).
 */
export function myDataZip(contents: Awaited<ReturnType<typeof collectMyData>>): Readable {
  return Readable.from(zipChunks(contents), { objectMode: false })
}

async function* zipChunks({ data, files }: Awaited<ReturnType<typeof collectMyData>>) {
  const chunks: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else chunks.push(chunk)
  })
  const written = () => {
    if (failure) throw failure
    return chunks.splice(0)
  }
  const json = new ZipDeflate('data.json', { level: 6 })
  zip.add(json)
  json.push(new TextEncoder().encode(`${JSON.stringify(data, null, 2)}\n`), true)
  yield* written()
  for (const file of files) {
    const bytes = await file.read()
    if (!bytes) continue
    const entry = new ZipPassThrough(file.name)
    zip.add(entry)
    entry.push(bytes, true)
    yield* written()
  }
  zip.end()
  yield* written()
}
