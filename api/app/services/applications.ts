import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import { Exception } from '@adonisjs/core/exceptions'
import {
  addDays,
  dayIndex,
  formatCalendarDate,
  staysOverlap,
  type ApplicationDecision,
} from '@sakan/common'
import Application from '#models/application'
import Room from '#models/room'
import type User from '#models/user'
import { audit } from '#services/audit'
import { openTenancy, roomStaysFrom } from '#services/tenancies'
import { sqlTimestamp } from '#services/sql_time'
import type { IdDocument } from '#services/id_document'
import { storeIdDocument } from '#services/id_documents_at_rest'
import { lockedById } from '#services/sql_locks'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { notify, notifyAdministrators, roomFacts } from '#services/notifications'
import { recordConsent } from '#services/consents'
import { conflict } from '#exceptions/refusals'

/**
 * A 409 whose text names days (`yyyy-MM-dd`), written in the caller's locale by the exception
 * handler (`messageValues`).
 */
function conflictOn(key: string, dates: Record<string, string>) {
  return Object.assign(conflict(key), {
    messageValues: (locale: string) =>
      Object.fromEntries(
        Object.entries(dates).map(([name, date]) => [name, formatCalendarDate(date, locale)])
      ),
  })
}

export interface NewApplication {
  roomId: number
  moveInDate: string
  additionalInfo?: string
  document: IdDocument
}

/**
 * Stores the document privately, then the application with its notices (to her, and to the
 * administrators) in one transaction. Either all exist or none: a failed insert removes the
 * file it stored.
 */
export async function submitApplication(
  applicant: User,
  input: NewApplication
): Promise<Application> {
  const room = await Room.find(input.roomId)
  if (!room)
    throw new Exception('applications.roomNotFound', { status: 404, code: 'E_ROOM_NOT_FOUND' })
  if (!room.availability) {
    /* Taken until a day: a move-in from that day on may be asked for. */
    const from = room.availableFrom?.toISODate() ?? null
    if (!from || dayIndex(from) === null) throw conflict('applications.roomUnavailable')
    if (dayIndex(input.moveInDate)! < dayIndex(from)!)
      throw conflictOn('applications.roomTakenUntil', { date: addDays(from, -1), from })
  }
  const pending = await Application.query()
    .where('user_id', applicant.id)
    .where('room_id', room.id)
    .where('status', 'pending')
    .first()
  if (pending) throw conflict('applications.alreadyPending')

  await storeIdDocument(input.document.key, input.document.contents)
  try {
    return await db.transaction(async (trx) => {
      const application = await Application.create(
        {
          userId: applicant.id,
          roomId: room.id,
          status: 'pending',
          moveInDate: DateTime.fromISO(input.moveInDate),
          additionalInfo: input.additionalInfo || null,
          documentKey: input.document.key,
          documentContentType: input.document.type,
          documentSize: input.document.contents.length,
          documentSha256: createHash('sha256').update(input.document.contents).digest('hex'),
        },
        { client: trx }
      )
      const data = {
        applicationId: application.id,
        ...(await roomFacts(trx, room.id)),
        dueDate: input.moveInDate,
      }
      /* The form says that sending it accepts the privacy notice: recorded with it. */
      await recordConsent(trx, applicant, 'application', application.id)
      await notify(trx, [
        { userId: applicant.id, kind: 'application_received', data, link: '/dashboard' },
      ])
      await notifyAdministrators(trx, {
        kind: 'application_new',
        data: {
          ...data,
          applicantName: applicant.fullName ?? applicant.username ?? applicant.email,
        },
        link: `/admin/applications/${application.id}`,
      })
      return application
    })
  } catch (error) {
    await drive.use('documents').delete(input.document.key)
    /* Two submissions at once for the same room: the database kept one. */
    if (String((error as { code?: unknown }).code ?? '').match(/^(23505|SQLITE_CONSTRAINT)/)) {
      throw conflict('applications.alreadyPending')
    }
    throw error
  }
}

/**
 * Approves or rejects a pending application. Approval takes the room in the same
 * transaction, only if it is still available: of two approvals for one room, one wins; and
 * opens her stay (a tenancy) at the room's price of that moment.
 */
export async function reviewApplication(admin: User, id: number, decision: ApplicationDecision) {
  return db.transaction(async (trx) => {
    const application = await lockedById(Application, trx, id).firstOrFail()
    if (application.status !== 'pending') throw conflict('applications.notPending')

    if (decision === 'approved') await takeRoom(trx, application)

    application.useTransaction(trx)
    application.status = decision
    application.reviewedAt = DateTime.now()
    application.reviewedBy = admin.id
    await application.save()
    if (decision === 'approved') {
      const room = await trx
        .from('rooms')
        .where('id', application.roomId)
        .select('price_halalas')
        .firstOrFail()
      await openTenancy(trx, application, Number(room.price_halalas))
    }
    await notify(trx, [
      {
        userId: application.userId,
        kind: decision === 'approved' ? 'application_approved' : 'application_rejected',
        data: {
          applicationId: application.id,
          ...(await roomFacts(trx, application.roomId)),
          dueDate: application.moveInDate.toISODate()!,
        },
        link: '/dashboard',
      },
    ])
    await audit(trx, {
      actorId: admin.id,
      action: `application.${decision}`,
      subjectType: 'application',
      subjectId: application.id,
      details: { roomId: application.roomId, from: 'pending', to: decision },
    })
    return application
  })
}

/**
 * Takes the room for an application being approved, or refuses (409): no other stay of the
 * room (whatever its state: an ended stay holds it through its end date) may share a day with
 * hers, which has no end yet. The room's row is locked first and the stays read inside the
 * lock — `SELECT … FOR UPDATE` on PostgreSQL; SQLite runs one write transaction at a time —
 * so of two approvals for one room, the second sees the first's stay. The room is then taken,
 * with no `available_from` (her stay has no end).
 */
async function takeRoom(trx: TransactionClientContract, application: Application) {
  const room = await lockedById(Room, trx, application.roomId).firstOrFail()
  const moveIn = application.moveInDate.toISODate()!
  const mine = { startDate: moveIn, endDate: null }
  const clash = (await roomStaysFrom(trx, room.id, moveIn)).find((stay) => staysOverlap(mine, stay))
  if (clash?.endDate) throw conflictOn('applications.insideStay', { date: clash.endDate })
  if (clash) throw conflict('applications.roomTaken')
  /* Taken by hand (not for a stay ending on a known day): not hers either. */
  if (!room.availability && !room.availableFrom) throw conflict('applications.roomTaken')
  await trx
    .from('rooms')
    .where('id', room.id)
    .update({ availability: false, available_from: null, updated_at: sqlTimestamp() })
}

/** Deletes a rejected application and, once that is committed, its stored document. */
export async function deleteApplication(admin: User, id: number) {
  const documentKey = await db.transaction(async (trx) => {
    const application = await lockedById(Application, trx, id).firstOrFail()
    if (application.status !== 'rejected') throw conflict('applications.notRejected')
    await audit(trx, {
      actorId: admin.id,
      action: 'application.deleted',
      subjectType: 'application',
      subjectId: application.id,
      details: { roomId: application.roomId, userId: application.userId },
    })
    application.useTransaction(trx)
    await application.delete()
    return application.documentKey
  })
  if (documentKey) {
    try {
      await drive.use('documents').delete(documentKey)
    } catch (error) {
      logger.error({ err: error, application: id }, 'could not delete an application document')
    }
  }
}
