import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import { DateTime } from 'luxon'
import {
  monthsOffered,
  PAYMENT_MONTHS_OFFERED,
  rentOffers,
  riyadhToday,
  type ApplicationStatus,
} from '@sakan/common'
import { rentTerms } from '#config/rent'
import Room from '#models/room'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import db from '@adonisjs/lucid/services/db'
import Application from '#models/application'
import type Payment from '#models/payment'
import { openTenancy } from '#services/tenancies'
import {
  ApplicationFactory,
  MaintenanceRequestFactory,
  PaymentFactory,
  RoomFactory,
  UserFactory,
} from '../../database/factories/index.js'
import { as } from '#tests/helpers'
import { payRent } from '#tests/payments'
import { storedKeys } from '#tests/stored'

/** A week from today in Riyadh: a move-in date an application may ask for. */
export const nextWeek = () => DateTime.fromISO(riyadhToday()).plus({ days: 7 }).toISODate()!

/** POST /api/applications as the user, for the room, moving in on `moveInDate`; the document follows. */
export function applying(client: ApiClient, user: User, roomId: number, moveInDate = nextWeek()) {
  return as(client.post('/api/applications'), user)
    .field('roomId', String(roomId))
    .field('moveInDate', moveInDate)
}

/** PATCH /api/applications/:id/review as `who`, deciding `status`. */
export function review(
  client: ApiClient,
  who: User,
  applicationId: number | string,
  status: string
) {
  return as(client.patch(`/api/applications/${applicationId}/review`), who).json({ status })
}

/** A new tenant and an available room (with its building), with nothing between them. */
export async function tenantAndRoom() {
  const tenant = await UserFactory.create()
  return { tenant, room: await RoomFactory.with('building').create() }
}

/** The ID documents stored so far. */
const storedDocuments = () => storedKeys('documents', 'applications')

/** A new tenant and an available room, and the ID documents stored before she applies. */
export async function applicant() {
  return { ...(await tenantAndRoom()), before: await storedDocuments() }
}

/** Asserts that the applicant's refused tries left her no application and stored no document. */
export async function assertNothingKept(
  assert: Assert,
  applied: { tenant: User; before: string[] }
) {
  assert.lengthOf(await Application.query().where('user_id', applied.tenant.id), 0)
  assert.deepEqual(await storedDocuments(), applied.before)
}

/** A payment of the application, by its tenant for its room, with these fields. */
export function paymentOf(application: Application, fields: Partial<Payment> = {}) {
  return PaymentFactory.merge({
    userId: application.userId,
    roomId: application.roomId,
    applicationId: application.id,
    ...fields,
  }).create()
}

/**
 * A tenant holding an application (approved unless said, with the stay approval opens) for a
 * new room with its building: `tenant` when given, else a new one.
 */
export async function tenancy(options: { tenant?: User; status?: ApplicationStatus } = {}) {
  const tenant = options.tenant ?? (await UserFactory.create())
  const room = await RoomFactory.with('building').create()
  const application = await ApplicationFactory.merge({
    userId: tenant.id,
    roomId: room.id,
    status: options.status ?? 'approved',
  }).create()
  /* Approval opens her stay at the room's price (services/tenancies.ts). */
  if (application.status === 'approved') {
    await db.transaction((trx) => openTenancy(trx, application, room.priceHalalas))
  }
  return { tenant, room, application }
}

/**
 * A resident's stay as approval opens it, her room taken, begun on the 1st `monthsAgo` months
 * ago (one unless said) in Riyadh; `rent`, when given, is its monthly rent and its deposit.
 */
export async function stayFor(options: { monthsAgo?: number; rent?: number } = {}) {
  const { tenant, room, application } = await tenancy()
  const startDate = DateTime.now()
    .setZone('Asia/Riyadh')
    .startOf('month')
    .minus({ months: options.monthsAgo ?? 1 })
  application.moveInDate = startDate
  await application.save()
  const stay = await Tenancy.findByOrFail('applicationId', application.id)
  stay.startDate = startDate
  if (options.rent) stay.merge({ monthlyRentHalalas: options.rent, depositHalalas: options.rent })
  await stay.save()
  await Room.query().where('id', room.id).update({ availability: false })
  return { tenant, room, application, stay }
}

/** An administrator, and a resident's stay as `stayFor` opens it. */
export async function adminAndStay(options: { monthsAgo?: number; rent?: number } = {}) {
  const admin = await UserFactory.apply('admin').create()
  return { admin, ...(await stayFor(options)) }
}

/**
 * A tenant holding an approved application (her room loaded) and what she has done with it: a
 * completed payment for 2026-10 of 1,850.50 SAR, a failed one for 2026-11, and a maintenance
 * request ('Leaking tap').
 */
export async function tenantWithHistory() {
  const { tenant, room, application } = await tenancy()
  await application.load('room')
  const base = { userId: tenant.id, roomId: room.id }
  await PaymentFactory.merge({
    ...base,
    applicationId: application.id,
    monthCovered: '2026-10',
    amountHalalas: 185050,
  }).create()
  await PaymentFactory.merge({
    ...base,
    applicationId: application.id,
    monthCovered: '2026-11',
    status: 'failed',
  }).create()
  await MaintenanceRequestFactory.merge({
    ...base,
    buildingId: room.buildingId,
    title: 'Leaking tap',
  }).create()
  return { tenant, application }
}

/** An administrator, and a tenant's pending application for a new room, to review. */
export async function adminAndApplication() {
  const admin = await UserFactory.apply('admin').create()
  return { admin, ...(await tenancy({ status: 'pending' })) }
}

/**
 * A tenant with her approved room who paid its rent by card (through the sandbox) for the
 * offered month at `index`.
 */
export async function rentPaid(index = 0, options: { card?: string; amountHalalas?: number } = {}) {
  const { tenant, room } = await tenancy()
  const month = monthsOffered(PAYMENT_MONTHS_OFFERED)[index]!
  const id = await payRent(tenant, room, month, options)
  return { tenant, room, month, id }
}

/** What the payment page offers a stay with nothing paid yet (common's `rentOffers`, now). */
export function offersOf(stay: Tenancy) {
  return rentOffers(
    {
      stay: {
        startDate: stay.startDate.toISODate()!,
        endDate: null,
        monthlyRent: stay.monthlyRentHalalas,
      },
      payments: [],
      deposit: { amount: stay.depositHalalas, paid: 0 },
    },
    rentTerms
  )
}
