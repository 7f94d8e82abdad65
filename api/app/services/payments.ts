/*
 * Card payments: one place records what the gateway says, for the browser's POST, the
 * callback page's verify and the gateway's webhook alike. The browser's claims (status,
 * amount) are never read; the gateway is the truth, re-fetched every time.
 *
 * A month of a room is paid once: a payment that would complete a room-month already paid
 * is refunded at the gateway and kept `refunded` with its reason. The partial unique index
 * `payments_one_completed_per_room_month` is the last guard: a race that slips past the
 * check meets it, and takes the same refund path.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { Exception } from '@adonisjs/core/exceptions'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { monthsOffered, PAYMENT_MONTHS_OFFERED, type PaymentStatus } from '@sakan/common'
import Application from '#models/application'
import Payment from '#models/payment'
import Room from '#models/room'
import type User from '#models/user'
import { auditPayment } from '#services/audit'
import * as gateway from '#services/payment_gateway'
import type { GatewayPayment } from '#services/payment_gateway'
import { isUniqueViolation } from '#services/sql_errors'

/** `statusReason` of a payment refunded because its month was already paid. */
export const MONTH_ALREADY_PAID = 'month_already_paid'

/** Why a gateway payment pays nothing here (audit reasons). */
type Refusal = 'not_entitled' | 'month_not_offered' | 'amount_mismatch' | 'no_claim'

/** What a payment pays for: whose, which room, which month. */
export interface PaymentClaim {
  userId: number
  roomId: number
  monthCovered: string
}

export interface Recorded {
  payment: Payment
  /** Whether this call stored it (201) or found it (200). */
  created: boolean
  /** The gateway's latest word on it (after a refund, the refunded payment). */
  gateway: GatewayPayment
}

const failure = (status: number, key: string) => new Exception(key, { status })

/** The one status rule: the gateway's status as ours. */
export function statusFromGateway(status: string): PaymentStatus {
  switch (status) {
    case 'paid':
    case 'captured':
      return 'completed'
    case 'failed':
    case 'voided':
      return 'failed'
    case 'refunded':
      return 'refunded'
    default:
      return 'pending'
  }
}

function approvedApplication(claim: Pick<PaymentClaim, 'userId' | 'roomId'>) {
  return Application.query()
    .where('user_id', claim.userId)
    .where('room_id', claim.roomId)
    .where('status', 'approved')
    .orderBy('id', 'desc')
    .first()
}

function claimOf(payment: Payment): PaymentClaim {
  return { userId: payment.userId, roomId: payment.roomId, monthCovered: payment.monthCovered }
}

function sameClaim(a: PaymentClaim, b: PaymentClaim): boolean {
  return a.userId === b.userId && a.roomId === b.roomId && a.monthCovered === b.monthCovered
}

/** The claim the payment form attached as metadata `{roomId, monthCovered, userId}`, if whole. */
function claimFromMetadata(metadata: Record<string, string>): PaymentClaim | null {
  const userId = Number(metadata.userId)
  const roomId = Number(metadata.roomId)
  const monthCovered = metadata.monthCovered ?? ''
  if (!Number.isSafeInteger(userId) || userId < 1) return null
  if (!Number.isSafeInteger(roomId) || roomId < 1) return null
  return { userId, roomId, monthCovered }
}

/** The metadata the payment form attaches, as this claim would have it. */
const claimMetadata = (claim: PaymentClaim) =>
  ({
    userId: String(claim.userId),
    roomId: String(claim.roomId),
    monthCovered: claim.monthCovered,
  }) as const

/**
 * Whether the metadata names exactly this tenant, room and month. Every payment recorded here
 * must carry it (the payment form attaches it): without it, a gateway payment could be
 * credited by anyone who learnt its id.
 */
function metadataNames(metadata: Record<string, string>, claim: PaymentClaim): boolean {
  return Object.entries(claimMetadata(claim)).every(([key, value]) => metadata[key] === value)
}

/** Whether the metadata names some other tenant, room or month (rather than nothing). */
function metadataNamesAnother(metadata: Record<string, string>, claim: PaymentClaim): boolean {
  return Object.entries(claimMetadata(claim)).some(
    ([key, value]) => metadata[key] !== undefined && metadata[key] !== value
  )
}

/** What is wrong with paying this claim with this gateway payment, if anything. */
async function problemWith(claim: PaymentClaim, payment: GatewayPayment): Promise<Refusal | null> {
  /* The months offered when the card was charged: a webhook may come after the month turns. */
  const chargedAt = new Date(payment.createdAt)
  const offered = monthsOffered(
    PAYMENT_MONTHS_OFFERED,
    Number.isNaN(chargedAt.getTime()) ? new Date() : chargedAt
  )
  if (!offered.includes(claim.monthCovered)) return 'month_not_offered'
  const room = await Room.find(claim.roomId)
  if (!room || payment.amountHalalas !== room.priceHalalas || payment.currency !== 'SAR')
    return 'amount_mismatch'
  return null
}

/**
 * A gateway payment that pays nothing here: refunded if the card was charged, and written
 * to the audit log with the reason. Answers the gateway's latest word on it.
 */
async function refuse(
  payment: GatewayPayment,
  reason: Refusal,
  actorId: number | null
): Promise<GatewayPayment> {
  const latest =
    statusFromGateway(payment.status) === 'completed'
      ? await gateway.refund(payment.id, reason)
      : payment
  await auditPayment(undefined, {
    actorId,
    action: 'payment.refused',
    paymentId: null,
    details: { gatewayPaymentId: payment.id, reason, gatewayStatus: latest.status },
  })
  logger.info({ gatewayPaymentId: payment.id, reason }, 'card payment refused')
  return latest
}

/** Whether another payment already completed this room-month. */
async function monthPaid(trx: TransactionClientContract, claim: PaymentClaim, exceptId?: number) {
  const query = Payment.query({ client: trx })
    .where('room_id', claim.roomId)
    .where('month_covered', claim.monthCovered)
    .where('status', 'completed')
  if (exceptId !== undefined) query.whereNot('id', exceptId)
  return (await query.first()) !== null
}

/**
 * Each unique violation means another call committed meanwhile (this gateway id, or this
 * room-month completed); each can happen once per payment, so a few reads again settle it.
 */
const MAX_WRITE_ATTEMPTS = 4

/**
 * Creates or updates the record of one gateway payment with the gateway's status, inside a
 * savepoint so that a unique violation (the same gateway id or room-month stored meanwhile
 * by a concurrent call) leaves the transaction usable, then reads again.
 * `needsRefund`: the gateway took money for a month already paid.
 */
async function upsert(
  trx: TransactionClientContract,
  claim: PaymentClaim & { applicationId: number },
  payment: GatewayPayment,
  actorId: number | null
): Promise<{ payment: Payment; created: boolean; needsRefund: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const existing = await Payment.query({ client: trx })
      .where('gateway_payment_id', payment.id)
      .forUpdate()
      .first()
    try {
      return await trx.transaction((savepoint) =>
        write(savepoint, existing, claim, payment, actorId)
      )
    } catch (error) {
      if (attempt >= MAX_WRITE_ATTEMPTS - 1 || !isUniqueViolation(error)) throw error
    }
  }
}

async function write(
  trx: TransactionClientContract,
  existing: Payment | null,
  claim: PaymentClaim & { applicationId: number },
  state: GatewayPayment,
  actorId: number | null
) {
  let status = statusFromGateway(state.status)
  let statusReason = existing?.statusReason ?? null
  let needsRefund = false
  if (
    status === 'completed' &&
    existing?.status !== 'completed' &&
    (await monthPaid(trx, claim, existing?.id))
  ) {
    /* Kept not completed until the refund goes through (a retry finds it so and refunds). */
    status = 'pending'
    statusReason = MONTH_ALREADY_PAID
    needsRefund = true
  }
  const paymentDate =
    status === 'completed'
      ? (existing?.paymentDate ?? DateTime.now())
      : (existing?.paymentDate ?? null)
  const details = { gatewayPaymentId: state.id, gatewayStatus: state.status, status, statusReason }

  if (!existing) {
    const payment = await Payment.create(
      {
        userId: claim.userId,
        roomId: claim.roomId,
        applicationId: claim.applicationId,
        amountHalalas: state.amountHalalas,
        currency: 'SAR',
        method: 'creditCard',
        monthCovered: claim.monthCovered,
        gatewayPaymentId: state.id,
        status,
        statusReason,
        paymentDate,
      },
      { client: trx }
    )
    await auditPayment(trx, { actorId, action: 'payment.recorded', paymentId: payment.id, details })
    return { payment, created: true, needsRefund }
  }
  if (existing.status !== status || existing.statusReason !== statusReason) {
    const from = existing.status
    existing.useTransaction(trx)
    await existing.merge({ status, statusReason, paymentDate }).save()
    await auditPayment(trx, {
      actorId,
      action: 'payment.status_changed',
      paymentId: existing.id,
      details: { ...details, from },
    })
  }
  return { payment: existing, created: false, needsRefund }
}

/**
 * Records what the gateway says about a payment for an entitled claim; refunds it when it
 * would pay a month already paid (then records it `refunded`).
 */
async function record(
  claim: PaymentClaim & { applicationId: number },
  state: GatewayPayment,
  actorId: number | null
): Promise<Recorded> {
  const first = await db.transaction((trx) => upsert(trx, claim, state, actorId))
  if (!first.needsRefund) return { payment: first.payment, created: first.created, gateway: state }
  const refunded = await gateway.refund(state.id, MONTH_ALREADY_PAID)
  const settled = await db.transaction((trx) => upsert(trx, claim, refunded, actorId))
  return { payment: settled.payment, created: first.created, gateway: refunded }
}

/**
 * A payment the browser never posted (webhook, or the callback page first): recorded from
 * the form's metadata only if that tenant holds an approved application for that room, the
 * month was offered and the amount is the room's rent; otherwise refused (refunded if paid).
 */
async function recordFromMetadata(
  claim: PaymentClaim,
  state: GatewayPayment,
  actorId: number | null
): Promise<GatewayPayment> {
  const application = await approvedApplication(claim)
  const problem = application ? await problemWith(claim, state) : 'not_entitled'
  if (problem || !application) return refuse(state, problem ?? 'not_entitled', actorId)
  return (await record({ ...claim, applicationId: application.id }, state, actorId)).gateway
}

/**
 * POST /api/payments: the tenant's browser names a gateway payment for a room and month.
 * 403 without an approved application for the room; 409 when the gateway id is already
 * recorded for something else (or its metadata names something else); 422 when its metadata
 * does not name this tenant, room and month, or its amount is not the room's rent (refunded
 * if charged); 502 when the gateway cannot be asked.
 */
export async function submitPayment(
  user: User,
  input: { roomId: number; monthCovered: string; paymentReference: string }
): Promise<Recorded> {
  const claim: PaymentClaim = {
    userId: user.id,
    roomId: input.roomId,
    monthCovered: input.monthCovered,
  }
  const application = await approvedApplication(claim)
  if (!application) throw failure(403, 'payments.noApprovedApplication')
  const existing = await Payment.findBy('gatewayPaymentId', input.paymentReference)
  if (existing && !sameClaim(claimOf(existing), claim))
    throw failure(409, 'payments.recordedForAnother')

  const state = await gateway.fetchPayment(input.paymentReference)
  if (!existing) {
    if (metadataNamesAnother(state.metadata, claim))
      throw failure(409, 'payments.recordedForAnother')
    if (!metadataNames(state.metadata, claim)) {
      await refuse(state, 'no_claim', user.id)
      throw failure(422, 'payments.noClaim')
    }
    const problem = await problemWith(claim, state)
    if (problem) {
      await refuse(state, problem, user.id)
      throw failure(422, 'payments.wrongAmount')
    }
  }
  return record({ ...claim, applicationId: application.id }, state, user.id)
}

/**
 * GET /api/payments/verify/:id: the gateway's word on the caller's payment (any payment for
 * the administrator), recorded on the way. 404 for anybody else's or an unknown id.
 */
export async function verifyPayment(user: User, gatewayId: string): Promise<GatewayPayment> {
  const notFound = () => failure(404, 'errors.notFound')
  const existing = await Payment.findBy('gatewayPaymentId', gatewayId)
  if (existing && existing.userId !== user.id && !user.isAdmin) throw notFound()

  let state: GatewayPayment
  try {
    state = await gateway.fetchPayment(gatewayId)
  } catch (error) {
    if (error instanceof gateway.GatewayPaymentNotFound) throw notFound()
    throw error
  }
  if (existing) {
    return (
      await record({ ...claimOf(existing), applicationId: existing.applicationId }, state, user.id)
    ).gateway
  }
  /* The callback page can arrive before the form's POST: record it as the webhook would. */
  const claim = claimFromMetadata(state.metadata)
  if (!claim || (claim.userId !== user.id && !user.isAdmin)) throw notFound()
  return recordFromMetadata(claim, state, user.id)
}

/**
 * POST /api/payments/webhook (token already checked): the event only names the payment;
 * its state is fetched from the gateway. Updates the record, or creates it when the
 * browser never posted it (a tab closed on the 3-D Secure page).
 */
export async function paymentEvent(gatewayId: string): Promise<void> {
  let state: GatewayPayment
  try {
    state = await gateway.fetchPayment(gatewayId)
  } catch (error) {
    /* Not a payment of this account: nothing to record, and nothing for the gateway to retry. */
    if (error instanceof gateway.GatewayPaymentNotFound) return
    throw error
  }
  const existing = await Payment.findBy('gatewayPaymentId', state.id)
  if (existing) {
    await record({ ...claimOf(existing), applicationId: existing.applicationId }, state, null)
    return
  }
  const claim = claimFromMetadata(state.metadata)
  if (!claim) {
    await refuse(state, 'no_claim', null)
    return
  }
  await recordFromMetadata(claim, state, null)
}
