/*
 * Card payments: one place records what the gateway says, for the browser's POST, the
 * callback page's verify and the gateway's webhook alike. The browser's claims (status,
 * amount) are never read; the gateway is the truth, re-fetched every time.
 *
 * A payment pays one rent month, the next 3 or 12 unpaid months of a stay at a discount, or
 * the stay's deposit (issue 26); what it covers is a row each in `payment_months`. A month of
 * a room, or a deposit, is paid once: a payment that would complete one already paid is
 * refunded at the gateway and kept `refunded` with its reason. The partial unique indexes of
 * `payment_months` are the last guard: a race that slips past the check meets them, and takes
 * the same refund path. Every completed payment gets its receipt, numbered per year.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { Exception } from '@adonisjs/core/exceptions'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  areConsecutive,
  monthCharge,
  monthsOffered,
  PAYMENT_MONTHS_OFFERED,
  prepayQuote,
  rentLedger,
  riyadhDate,
  monthKey,
  type PaymentKind,
  type PaymentStatus,
  type PrepayQuote,
} from '@sakan/common'
import Application from '#models/application'
import Payment from '#models/payment'
import PaymentMonth from '#models/payment_month'
import Receipt from '#models/receipt'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import { rentTerms } from '#config/rent'
import { auditPayment } from '#services/audit'
import * as gateway from '#services/payment_gateway'
import type { GatewayPayment } from '#services/payment_gateway'
import { isUniqueViolation } from '#services/sql_errors'
import { sqlTimestamp } from '#services/sql_time'
import { notify, roomFacts } from '#services/notifications'

/** `statusReason` of a payment refunded because its month was already paid. */
export const MONTH_ALREADY_PAID = 'month_already_paid'

/** Why a gateway payment pays nothing here (audit reasons). */
type Refusal = 'not_entitled' | 'month_not_offered' | 'amount_mismatch' | 'no_claim'

/** What a payment pays for: whose, which room, which months (or the deposit). */
export interface PaymentClaim {
  userId: number
  roomId: number
  kind: PaymentKind
  /** The rent months in order: one, or 3 or 12 paid ahead; none for a deposit. */
  months: string[]
}

/** A claim of a tenant entitled to pay it: her application, and the price it was charged at. */
type Entitled = PaymentClaim & {
  applicationId: number
  price: { gross: number; discount: number }
}

/** The month a payment record names (`month_covered`): its first, or for a deposit the month charged. */
function monthRecorded(claim: PaymentClaim, chargedAt: Date = new Date()): string {
  if (claim.months[0]) return claim.months[0]
  const { year, month } = riyadhDate(chargedAt)
  return monthKey(year, month)
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

/** What a recorded payment pays for, from its rows. */
async function claimOf(payment: Payment): Promise<PaymentClaim> {
  const rows = await PaymentMonth.query().where('payment_id', payment.id).orderBy('month')
  return {
    userId: payment.userId,
    roomId: payment.roomId,
    kind: payment.kind,
    months: rows.map((row) => row.month),
  }
}

function sameClaim(a: PaymentClaim, b: PaymentClaim): boolean {
  return (
    a.userId === b.userId &&
    a.roomId === b.roomId &&
    a.kind === b.kind &&
    a.months.join(',') === b.months.join(',')
  )
}

/**
 * The claim the payment form attached as metadata: `{roomId, userId}` with `monthCovered`
 * (one month), `monthsCovered` (`yyyy-MM,yyyy-MM,…` paid ahead) or `kind: "deposit"`.
 */
function claimFromMetadata(metadata: Record<string, string>): PaymentClaim | null {
  const userId = Number(metadata.userId)
  const roomId = Number(metadata.roomId)
  if (!Number.isSafeInteger(userId) || userId < 1) return null
  if (!Number.isSafeInteger(roomId) || roomId < 1) return null
  if (metadata.kind === 'deposit') return { userId, roomId, kind: 'deposit', months: [] }
  const months = metadata.monthsCovered
    ? metadata.monthsCovered.split(',')
    : [metadata.monthCovered ?? '']
  return { userId, roomId, kind: 'rent', months }
}

/** The metadata the payment form attaches, as this claim would have it. */
function claimMetadata(claim: PaymentClaim): Record<string, string | undefined> {
  const several = claim.months.length > 1
  return {
    userId: String(claim.userId),
    roomId: String(claim.roomId),
    monthCovered: claim.kind === 'rent' && !several ? claim.months[0] : undefined,
    monthsCovered: several ? claim.months.join(',') : undefined,
    kind: claim.kind === 'deposit' ? 'deposit' : undefined,
  }
}

/**
 * Whether the metadata names exactly this tenant, room and month. Every payment recorded here
 * must carry it (the payment form attaches it): without it, a gateway payment could be
 * credited by anyone who learnt its id.
 */
function metadataNames(metadata: Record<string, string>, claim: PaymentClaim): boolean {
  const named = oneMonthNamed(metadata)
  return Object.entries(claimMetadata(claim)).every(([key, value]) => named[key] === value)
}

/** Whether the metadata names some other tenant, room or month (rather than nothing). */
function metadataNamesAnother(metadata: Record<string, string>, claim: PaymentClaim): boolean {
  const named = oneMonthNamed(metadata)
  return Object.entries(claimMetadata(claim)).some(
    ([key, value]) => named[key] !== undefined && named[key] !== value
  )
}

/** One month named in `monthsCovered` (a month in arrears) reads as `monthCovered`. */
function oneMonthNamed(metadata: Record<string, string>): Record<string, string> {
  const { monthsCovered, ...rest } = metadata
  if (monthsCovered === undefined || monthsCovered.includes(',') || 'monthCovered' in rest)
    return metadata
  return { ...rest, monthCovered: monthsCovered }
}

/** The stay a claim pays into: the one opened by the tenant's approved application for the room. */
function stayOf(applicationId: number) {
  return Tenancy.query().where('application_id', applicationId).first()
}

/**
 * What the server requires for a claim (issue 26): one month at its rent (one of the months
 * offered, or a month of the stay before them: rent in arrears); the next 3 or 12 months of the
 * stay, one after another, at the plan's discount; with the late fee of each month past its
 * grace when the card was charged; or the deposit, once. Null when the claim is
 * not something a stay can pay (wrong count, a gap, outside the stay, a month not offered, a
 * deposit already paid).
 */
export function priceOf(
  claim: PaymentClaim,
  stay: Tenancy,
  chargedAt: Date = new Date()
): (PrepayQuote & { months: string[] }) | null {
  if (claim.kind === 'deposit') {
    if (stay.depositState !== 'due' && stay.depositState !== 'held') return null
    const amount = stay.depositHalalas
    return { gross: amount, discountPercent: 0, discount: 0, amount, months: [] }
  }
  const { months } = claim
  if (months.length !== 1 && months.length !== 3 && months.length !== 12) return null
  if (!areConsecutive(months)) return null
  const ledgerStay = {
    startDate: stay.startDate.toISODate()!,
    endDate: stay.endDate?.toISODate() ?? null,
    monthlyRent: stay.monthlyRentHalalas,
  }
  const first = ledgerStay.startDate.slice(0, 7)
  const last = ledgerStay.endDate?.slice(0, 7)
  const withinStay = months[0]! >= first && !(last && months.at(-1)! > last)
  if (months.length === 1) {
    /* One of the months offered when the card was charged (a webhook may come after the month
       turns), or a month of the stay before them: rent in arrears. */
    const offered = monthsOffered(PAYMENT_MONTHS_OFFERED, chargedAt)
    const arrears = withinStay && months[0]! < offered[0]!
    if (!offered.includes(months[0]!) && !arrears) return null
  } else if (!withinStay) {
    return null
  }
  const quote = prepayQuote(
    months.map((month) => monthCharge(ledgerStay, month, rentTerms)),
    rentTerms
  )
  /* A month past its grace when the card was charged carries its late fee (not discounted). */
  const late = new Map(
    rentLedger(ledgerStay, [], rentTerms, chargedAt).months.map((row) => [row.month, row.lateFee])
  )
  const fees = months.reduce((sum, month) => sum + (late.get(month) ?? 0), 0)
  return { ...quote, gross: quote.gross + fees, amount: quote.amount + fees, months }
}

/** The claim entitled at the price it was charged, or what is wrong with paying it so. */
async function assess(
  claim: PaymentClaim,
  applicationId: number,
  payment: GatewayPayment
): Promise<{ problem: Refusal } | { entitled: Entitled }> {
  const chargedAt = new Date(payment.createdAt)
  const stay = await stayOf(applicationId)
  if (!stay) return { problem: 'not_entitled' }
  const price = priceOf(claim, stay, Number.isNaN(chargedAt.getTime()) ? new Date() : chargedAt)
  if (!price) return { problem: 'month_not_offered' }
  if (payment.amountHalalas !== price.amount || payment.currency !== 'SAR')
    return { problem: 'amount_mismatch' }
  return { entitled: { ...claim, applicationId, price } }
}

/** A recorded payment's claim, priced as its stay prices it (as charged, when it no longer can). */
async function entitlementOf(payment: Payment, state: GatewayPayment): Promise<Entitled> {
  const claim = await claimOf(payment)
  const stay = await stayOf(payment.applicationId)
  const chargedAt = new Date(state.createdAt)
  const price =
    stay && priceOf(claim, stay, Number.isNaN(chargedAt.getTime()) ? new Date() : chargedAt)
  return {
    ...claim,
    applicationId: payment.applicationId,
    price: price ?? { gross: payment.amountHalalas, discount: 0 },
  }
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

/** Whether another payment already completed one of this claim's room-months, or its deposit. */
async function alreadyPaid(trx: QueryClientContract, claim: Entitled, exceptId?: number) {
  if (claim.kind === 'deposit') {
    const query = Payment.query({ client: trx })
      .where('kind', 'deposit')
      .where('application_id', claim.applicationId)
      .where('status', 'completed')
    if (exceptId !== undefined) query.whereNot('id', exceptId)
    return (await query.first()) !== null
  }
  const query = PaymentMonth.query({ client: trx })
    .where('completed', true)
    .where('room_id', claim.roomId)
    .whereIn('month', claim.months)
  if (exceptId !== undefined) query.whereNot('payment_id', exceptId)
  return (await query.first()) !== null
}

/** The next receipt number of the Riyadh year of `date` (a race meets the unique index, and retries). */
export async function issueReceipt(
  trx: TransactionClientContract,
  payment: Payment,
  price: { gross: number; discount: number }
) {
  if (await Receipt.query({ client: trx }).where('payment_id', payment.id).first()) return
  const issuedAt = payment.paymentDate ?? DateTime.now()
  const year = riyadhDate(issuedAt.toJSDate()).year
  const last = await trx.from('receipts').where('year', year).max('number as number').first()
  await Receipt.create(
    {
      paymentId: payment.id,
      year,
      number: Number(last?.number ?? 0) + 1,
      grossHalalas: price.gross,
      discountHalalas: price.discount,
      issuedAt,
    },
    { client: trx }
  )
}

/** The statuses the tenant is told about, each the first time her payment reaches it. */
const TOLD: Partial<
  Record<PaymentStatus, 'payment_completed' | 'payment_failed' | 'payment_refunded'>
> = {
  completed: 'payment_completed',
  failed: 'payment_failed',
  refunded: 'payment_refunded',
}

/** Tells the tenant, in the payment's transaction, that it completed (with its receipt), failed or was refunded. */
async function tellTenant(trx: TransactionClientContract, payment: Payment, claim: Entitled) {
  const kind = TOLD[payment.status]
  if (!kind) return
  await notify(trx, [
    {
      userId: payment.userId,
      kind,
      data: {
        paymentId: payment.id,
        ...(await roomFacts(trx, payment.roomId)),
        amountHalalas: payment.amountHalalas,
        months: claim.months,
        ...(payment.statusReason ? { reason: payment.statusReason } : {}),
      },
      link: kind === 'payment_completed' ? `/receipts/${payment.id}` : '/dashboard',
    },
  ])
}

/** Keeps a payment's rows, and its stay's deposit, in step with its status. */
async function settleCoverage(trx: TransactionClientContract, payment: Payment, claim: Entitled) {
  const completed = payment.status === 'completed'
  await trx.from('payment_months').where('payment_id', payment.id).update({ completed })
  if (claim.kind !== 'deposit') return
  await trx
    .from('tenancies')
    .where('application_id', claim.applicationId)
    .where('deposit_state', completed ? 'due' : 'held')
    .update({ deposit_state: completed ? 'held' : 'due', updated_at: sqlTimestamp() })
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
  claim: Entitled,
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
  claim: Entitled,
  state: GatewayPayment,
  actorId: number | null
) {
  let status = statusFromGateway(state.status)
  let statusReason = existing?.statusReason ?? null
  let needsRefund = false
  if (
    status === 'completed' &&
    existing?.status !== 'completed' &&
    (await alreadyPaid(trx, claim, existing?.id))
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
        kind: claim.kind,
        monthCovered: monthRecorded(claim, new Date(state.createdAt)),
        gatewayPaymentId: state.id,
        status,
        statusReason,
        paymentDate,
      },
      { client: trx }
    )
    if (claim.months.length > 0) {
      await trx.table('payment_months').multiInsert(
        claim.months.map((month) => ({
          payment_id: payment.id,
          room_id: claim.roomId,
          application_id: claim.applicationId,
          month,
          completed: false,
        }))
      )
    }
    await settleCoverage(trx, payment, claim)
    if (status === 'completed') await issueReceipt(trx, payment, claim.price)
    await tellTenant(trx, payment, claim)
    await auditPayment(trx, { actorId, action: 'payment.recorded', paymentId: payment.id, details })
    return { payment, created: true, needsRefund }
  }
  if (existing.status !== status || existing.statusReason !== statusReason) {
    const from = existing.status
    existing.useTransaction(trx)
    await existing.merge({ status, statusReason, paymentDate }).save()
    await settleCoverage(trx, existing, claim)
    if (status === 'completed') await issueReceipt(trx, existing, claim.price)
    if (existing.status !== from) await tellTenant(trx, existing, claim)
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
  claim: Entitled,
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
  if (!application) return refuse(state, 'not_entitled', actorId)
  const assessed = await assess(claim, application.id, state)
  if ('problem' in assessed) return refuse(state, assessed.problem, actorId)
  return (await record(assessed.entitled, state, actorId)).gateway
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
  input: {
    roomId: number
    kind: PaymentKind
    months: string[]
    paymentReference: string
  }
): Promise<Recorded> {
  const claim: PaymentClaim = {
    userId: user.id,
    roomId: input.roomId,
    kind: input.kind,
    months: input.kind === 'deposit' ? [] : input.months,
  }
  const application = await approvedApplication(claim)
  if (!application) throw failure(403, 'payments.noApprovedApplication')
  const existing = await Payment.findBy('gatewayPaymentId', input.paymentReference)
  if (existing && !sameClaim(await claimOf(existing), claim))
    throw failure(409, 'payments.recordedForAnother')

  const state = await gateway.fetchPayment(input.paymentReference)
  if (existing) return record(await entitlementOf(existing, state), state, user.id)
  if (metadataNamesAnother(state.metadata, claim)) throw failure(409, 'payments.recordedForAnother')
  if (!metadataNames(state.metadata, claim)) {
    await refuse(state, 'no_claim', user.id)
    throw failure(422, 'payments.noClaim')
  }
  const assessed = await assess(claim, application.id, state)
  if ('problem' in assessed) {
    await refuse(state, assessed.problem, user.id)
    throw failure(422, 'payments.wrongAmount')
  }
  return record(assessed.entitled, state, user.id)
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
  if (existing) return (await record(await entitlementOf(existing, state), state, user.id)).gateway
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
    await record(await entitlementOf(existing, state), state, null)
    return
  }
  const claim = claimFromMetadata(state.metadata)
  if (!claim) {
    await refuse(state, 'no_claim', null)
    return
  }
  await recordFromMetadata(claim, state, null)
}

/**
 * GET /api/payments/quote: what the server will require for a claim of the caller's, before
 * the card form is shown: 403 without an approved application for the room; 422 when the
 * months (or the deposit) are not something her stay can pay, or are paid already.
 */
export async function quotePayment(
  user: User,
  input: { roomId: number; kind: PaymentKind; months: string[] }
) {
  const claim: PaymentClaim = { userId: user.id, ...input }
  const application = await approvedApplication(claim)
  if (!application) throw failure(403, 'payments.noApprovedApplication')
  const stay = await stayOf(application.id)
  const price = stay && priceOf(claim, stay)
  if (!stay || !price) throw failure(422, 'payments.notPayable')
  const paid = await alreadyPaid(db.connection(), {
    ...claim,
    applicationId: application.id,
    price,
  })
  if (paid) throw failure(422, 'payments.alreadyPaid')
  return { roomId: input.roomId, kind: input.kind, ...price }
}

/**
 * GET /api/payments/:id/receipt: a completed (or since refunded) payment's receipt, to its
 * payer or the administrator; anybody else, and a payment that never completed, 404.
 */
export async function receiptOf(user: User, paymentId: number) {
  const payment = await Payment.query()
    .withScopes((scopes) => scopes.visibleTo(user))
    .where('id', paymentId)
    .preload('user')
    .preload('room', (room) => room.preload('building'))
    .first()
  const receipt = payment && (await Receipt.findBy('paymentId', payment.id))
  if (!payment || !receipt) throw failure(404, 'errors.notFound')
  const claim = await claimOf(payment)
  return { payment, receipt, claim }
}
