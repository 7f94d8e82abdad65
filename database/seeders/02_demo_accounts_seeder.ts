import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { BaseSeeder } from '@adonisjs/lucid/seeders'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { PRIVACY_NOTICE_VERSION, riyadhDate, monthKey } from '@sakan/common'
import User from '#models/user'
import Room from '#models/room'
import Building from '#models/building'
import Application from '#models/application'
import Tenancy from '#models/tenancy'
import { openTenancy } from '#services/tenancies'
import Payment from '#models/payment'
import PaymentMonth from '#models/payment_month'
import { issueReceipt } from '#services/payments'
import { storeIdDocument } from '#services/id_documents_at_rest'
import { recordConsent } from '#services/consents'
import MaintenanceRequest from '#models/maintenance_request'
import MaintenanceStatusChange from '#models/maintenance_status_change'
import { BUILDINGS } from '../seed-data/catalog.js'
import { samplePdf } from '#services/sample_document'
import { DEMO_ADMIN, DEMO_TENANT } from '#services/demo_accounts'

/**
 * The demo admin, and a tenant with an approved application (and its stay), a completed payment and open
 * maintenance requests. Idempotent: found by e-mail, by the payment's gateway id and by the
 * requests' titles, so seeding again adds nothing.
 */
export default class DemoAccountsSeeder extends BaseSeeder {
  async run() {
    await db.transaction(async (trx) => {
      const admin = await upsertUser(DEMO_ADMIN, trx)
      const tenant = await upsertUser(DEMO_TENANT, trx)

      const firstBuilding = BUILDINGS[0]!
      const building = await Building.query({ client: trx })
        .where('name_en', firstBuilding.nameEn)
        .firstOrFail()
      const room = await Room.query({ client: trx })
        .where('building_id', building.id)
        .where('room_number', firstBuilding.rooms[0]!.roomNumber)
        .firstOrFail()

      let application = await Application.query({ client: trx })
        .where('user_id', tenant.id)
        .where('room_id', room.id)
        .where('status', 'approved')
        .first()
      if (!application) {
        const documentKey = `applications/${randomUUID()}.pdf`
        await storeIdDocument(documentKey, samplePdf())
        application = await Application.create(
          {
            userId: tenant.id,
            roomId: room.id,
            status: 'approved',
            moveInDate: DateTime.now().minus({ days: 20 }).startOf('day'),
            additionalInfo: 'Final-year nursing student; I keep quiet hours and do not smoke.',
            documentKey,
            documentContentType: 'application/pdf',
            reviewedAt: DateTime.now().minus({ days: 25 }),
          },
          { client: trx }
        )
        room.availability = false
        room.useTransaction(trx)
        await room.save()
      }
      /* Her stay, as the approval opens it. */
      if (!(await Tenancy.query({ client: trx }).where('application_id', application.id).first()))
        await openTenancy(trx, application, room.priceHalalas)

      const paymentId = 'seed_demo_tenant_first_rent'
      let payment = await Payment.query({ client: trx })
        .where('gateway_payment_id', paymentId)
        .first()
      if (!payment) {
        const { year, month } = riyadhDate()
        payment = await Payment.create(
          {
            userId: tenant.id,
            roomId: room.id,
            applicationId: application.id,
            amountHalalas: room.priceHalalas,
            currency: 'SAR',
            method: 'creditCard',
            monthCovered: monthKey(year, month),
            gatewayPaymentId: paymentId,
            status: 'completed',
            paymentDate: DateTime.now(),
          },
          { client: trx }
        )
      }
      await coverSeededPayment(payment, trx)

      const requests = [
        {
          title: 'Air conditioner is dripping',
          description:
            'The AC unit above the window drips water onto the desk when it runs at night.',
          category: 'hvac',
          priority: 'high',
          status: 'pending',
        },
        {
          title: 'Wardrobe door hinge is loose',
          description:
            'The left wardrobe door hangs crooked; the upper hinge screws have come loose.',
          category: 'furniture',
          priority: 'medium',
          status: 'in_progress',
        },
      ] as const
      for (const request of requests) {
        const existing = await MaintenanceRequest.query({ client: trx })
          .where('user_id', tenant.id)
          .where('title', request.title)
          .first()
        const created =
          existing ??
          (await MaintenanceRequest.create(
            { ...request, userId: tenant.id, roomId: room.id, buildingId: building.id },
            { client: trx }
          ))
        await seedHistory(created, { tenant, admin }, trx)
      }
    })
  }
}

type Trx = TransactionClientContract

/**
 * A seeded request's status history, unless it has one: its creation by the tenant and, when
 * it has moved on, the administrator's change to its current status.
 */
async function seedHistory(
  request: MaintenanceRequest,
  people: { tenant: User; admin: User },
  trx: Trx
) {
  const recorded = await MaintenanceStatusChange.query({ client: trx })
    .where('maintenance_request_id', request.id)
    .first()
  if (recorded) return
  const steps: Array<Pick<MaintenanceStatusChange, 'fromStatus' | 'toStatus' | 'changedBy'>> = [
    { fromStatus: null, toStatus: 'pending', changedBy: people.tenant.id },
  ]
  if (request.status !== 'pending') {
    steps.push({ fromStatus: 'pending', toStatus: request.status, changedBy: people.admin.id })
  }
  for (const [index, step] of steps.entries()) {
    await MaintenanceStatusChange.create(
      {
        ...step,
        maintenanceRequestId: request.id,
        createdAt: request.createdAt.plus({ minutes: index }),
      },
      { client: trx }
    )
  }
}

async function upsertUser(
  account: typeof DEMO_ADMIN | typeof DEMO_TENANT,
  trx: Trx
): Promise<User> {
  const existing = await User.query({ client: trx }).where('email', account.email).first()
  if (existing) {
    /* The role is the demo's promise; `node ace demo:identities` links the Firebase uid. */
    existing.role = account.role
    existing.useTransaction(trx)
    await existing.save()
    if (existing.privacyVersion !== PRIVACY_NOTICE_VERSION) {
      await recordConsent(trx, existing, 'sign_up')
    }
    return existing
  }
  const user = await User.create(
    {
      /* A placeholder no Firebase uid can equal, until `node ace demo:identities` links it. */
      firebaseUid: `seed:${account.email}`,
      email: account.email,
      fullName: account.fullName,
      username: account.username,
      phone: 'phone' in account ? account.phone : null,
      role: account.role,
    },
    { client: trx }
  )
  /* The demo accounts accepted the privacy notice in force, as signing up does. */
  await recordConsent(trx, user, 'sign_up')
  return user
}

/**
 * The month the seeded payment pays, and its receipt, as a payment recorded through
 * the gateway has them: without them the stay's ledger shows the month unpaid and the payment
 * has no receipt. Added when missing, so that a demo seeded before them gets them too.
 */
async function coverSeededPayment(payment: Payment, trx: TransactionClientContract) {
  const covered = await PaymentMonth.query({ client: trx }).where('payment_id', payment.id).first()
  if (!covered) {
    await PaymentMonth.create(
      {
        paymentId: payment.id,
        roomId: payment.roomId,
        applicationId: payment.applicationId,
        month: payment.monthCovered,
        completed: payment.status === 'completed',
      },
      { client: trx }
    )
  }
  await issueReceipt(trx, payment, { gross: payment.amountHalalas, discount: 0 })
}
