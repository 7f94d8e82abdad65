import {
  monthsOffered,
  PAYMENT_MONTHS_OFFERED,
  rentOffers,
  type ApplicationStatus,
} from '@sakan/common'
import { rentTerms } from '#config/rent'
import type Tenancy from '#models/tenancy'
import type User from '#models/user'
import db from '@adonisjs/lucid/services/db'
import type Application from '#models/application'
import type Payment from '#models/payment'
import { openTenancy } from '#services/tenancies'
import {
  ApplicationFactory,
  PaymentFactory,
  RoomFactory,
  UserFactory,
} from '../../database/factories/index.js'
import { payRent } from '#tests/payments'

/** A new tenant and an available room (with its building), with nothing between them. */
export async function tenantAndRoom() {
  const tenant = await UserFactory.create()
  return { tenant, room: await RoomFactory.with('building').create() }
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
