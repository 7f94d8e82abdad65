/*
 * Card payments: one place records what the gateway says, for the browser's POST, the
 * callback page's verify and the gateway's webhook alike. The browser's claims (status,
 * amount) are never read; the gateway is the truth, re-fetched every time.
 *
 * A payment pays one rent month, the next 3 or 12 unpaid months of a stay at a discount, or
 * the stay's deposit, and only what the server priced for her session: the signed
 * claim the quote made (`payment_claims.ts`), carried in the gateway payment's
 * metadata. A payment without a valid claim of its own is refunded and never credited. What it
 * covers is a row each in `payment_months`. A month of a stay, or its deposit, is paid once: a
 * payment that would complete one already paid is refunded at the gateway and kept `refunded`
 * with its reason. The partial unique indexes of `payment_months` are the last guard: a race
 * that slips past the check meets them, and takes the same refund path. Every completed
 * payment gets its receipt, numbered per year.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { Exception } from '@adonisjs/core/exceptions'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  monthsStillPaid,
  priceClaim,
  riyadhDate,
  monthKey,
  type ClaimRefusal,
  type LedgerPayment,
  type PayableStay,
  type PaymentKind,
  type PaymentStatus,
  type SignedClaimPayload,
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
import { claimExpiry, claimIssuedAt, signClaim, verifyClaim } from '#services/payment_claims'
import { ledgerTenancy } from '#services/tenancies'
import { isUniqueViolation } from '#services/sql_errors'
import { notify, roomFacts } from '#services/notifications'

/** `statusReason` of a payment refunded because its month was already paid. */
export const MONTH_ALREADY_PAID = 'month_already_paid'

/**
 * Why a gateway payment pays nothing here (its audit reason): no claim, one this server did not
 * sign, one used after it expired, one made for another resident or stay, a charge that is not
 * the claim's amount, or what the stay refuses (`ClaimRefusal`).
 */
export type Refusal =
  | 'no_claim'
  | 'forged_claim'
  | 'expired_claim'
  | 'claim_for_another'
  | 'not_entitled'
  | 'amount_mismatch'
  | ClaimRefusal

/** Each refusal's words (`payments.*`), for one month or several where they differ. */
const REFUSAL_MESSAGES: Record<Refusal, string | { one: string; several: string }> = {
  no_claim: 'payments.noClaim',
  forged_claim: 'payments.claimForged',
  expired_claim: 'payments.claimExpired',
  claim_for_another: 'payments.claimForAnother',
  not_entitled: 'payments.claimForAnother',
  amount_mismatch: 'payments.amountMismatch',
  plan_size: 'payments.planSize',
  not_in_a_row: 'payments.notInARow',
  outside_stay: { one: 'payments.monthOutsideStay', several: 'payments.monthsOutsideStay' },
  already_paid: { one: 'payments.monthAlreadyPaid', several: 'payments.alreadyPaid' },
  deposit_not_due: 'payments.depositAlreadyPaid',
}

/** The message key naming why a claim of `months` months is refused. */
export function refusalMessage(refusal: Refusal, months: number): string {
  const key = REFUSAL_MESSAGES[refusal]
  return typeof key === 'string' ? key : months > 1 ? key.several : key.one
}

/** What a payment pays for: whose, which room, which months (or the deposit). */
export interface PaymentClaim {
  userId: number
  roomId: number
  kind: PaymentKind
  /** The rent months in order: one, or 3 or 12 paid ahead; none for a deposit. */
  months: string[]
}

/** A claim of a tenant entitled to pay it: her application, and the price it was charged at. */
export type Entitled = PaymentClaim & {
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
export async function claimOf(
  payment: Payment,
  client?: QueryClientContract
): Promise<PaymentClaim> {
  const rows = await PaymentMonth.query({ client }).where('payment_id', payment.id).orderBy('month')
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

/** The stay a claim pays into: the one opened by the tenant's approved application for the room. */
function stayOf(applicationId: number) {
  return Tenancy.query().where('application_id', applicationId).first()
}

/**
 * A stay as the payable rules read it (common's `priceClaim`): its dates and rent, the months
 * its completed rent payments pay (as its ledger counts them: a month given back when the stay
 * ended is not paid) and what its completed deposit payments paid. One query.
 */
export async function payableStay(
  stay: Tenancy,
  client: QueryClientContract = db.connection()
): Promise<PayableStay> {
  const rows: {
    id: number
    kind: PaymentKind
    amount_halalas: number | string
    month: string | null
    completed: boolean | number | null
  }[] = await client
    .from('payments as p')
    .leftJoin('payment_months as m', 'm.payment_id', 'p.id')
    .where('p.application_id', stay.applicationId)
    .where('p.status', 'completed')
    .orderBy('p.id')
    .orderBy('m.month')
    .select('p.id', 'p.kind', 'p.amount_halalas', 'm.month', 'm.completed')
  const payments = new Map<number, LedgerPayment & { months: string[] }>()
  let depositPaid = 0
  for (const row of rows) {
    if (row.kind === 'deposit') {
      depositPaid += Number(row.amount_halalas)
      continue
    }
    const payment = payments.get(row.id) ?? { id: row.id, status: 'completed', months: [] }
    payments.set(row.id, payment)
    if (row.month && row.completed) payment.months.push(row.month)
  }
  return {
    stay: ledgerTenancy(stay),
    payments: [...payments.values()],
    deposit: { amount: stay.depositHalalas, paid: depositPaid },
  }
}

/**
 * The stay as a claim is priced when a payment is recorded: with nothing paid yet, because
 * whether its months (or its deposit) are paid already is settled when it is written, where a
 * second payment of a month is refunded rather than refused.
 */
function unpaidStay(stay: Tenancy): PayableStay {
  return {
    stay: ledgerTenancy(stay),
    payments: [],
    deposit: { amount: stay.depositHalalas, paid: 0 },
  }
}

/** What a gateway payment's metadata claims: the verified claim, or why there is none. */
type ClaimRead = { claim: SignedClaimPayload } | { problem: 'no_claim' | 'forged_claim' }

/**
 * The ONE reader of a gateway payment's metadata: its `claim`, verified against the server's
 * signature. Every other key (`roomId`, `monthCovered`, …) is the card form's and is not read:
 * anyone with the publishable key can write them.
 */
function readClaim(payment: GatewayPayment): ClaimRead {
  const text = payment.metadata.claim
  if (text === undefined || text === '') return { problem: 'no_claim' }
  const claim = verifyClaim(text)
  return claim ? { claim } : { problem: 'forged_claim' }
}

/**
 * The claim entitled at its price, or why the payment pays nothing: made after the claim
 * expired; charged another amount (or currency) than the claim's; for a stay that is not the
 * claim's resident's and room's; or, priced as when the claim was made, no longer something
 * the stay can pay (its end moved before a month, say).
 */
async function entitle(
  claim: SignedClaimPayload,
  payment: GatewayPayment
): Promise<{ problem: Refusal } | { entitled: Entitled }> {
  const chargedAt = Date.parse(payment.createdAt)
  if (!(chargedAt <= claim.expires * 1000)) return { problem: 'expired_claim' }
  if (payment.amountHalalas !== claim.amount || payment.currency !== 'SAR')
    return { problem: 'amount_mismatch' }
  const stay = await Tenancy.find(claim.tenancyId)
  if (!stay || stay.userId !== claim.userId || stay.roomId !== claim.roomId)
    return { problem: 'not_entitled' }
  const priced = priceClaim(unpaidStay(stay), claim, rentTerms, claimIssuedAt(claim))
  if ('refusal' in priced) return { problem: priced.refusal }
  if (priced.quote.amount !== claim.amount) return { problem: 'amount_mismatch' }
  return {
    entitled: {
      userId: claim.userId,
      roomId: claim.roomId,
      kind: claim.kind,
      months: priced.quote.months,
      applicationId: stay.applicationId,
      price: priced.quote,
    },
  }
}

/** A recorded payment's claim, priced as its stay prices it (as charged, when it no longer can). */
async function entitlementOf(payment: Payment, state: GatewayPayment): Promise<Entitled> {
  const claim = await claimOf(payment)
  const stay = await stayOf(payment.applicationId)
  const chargedAt = new Date(state.createdAt)
  const priced =
    stay &&
    priceClaim(
      unpaidStay(stay),
      claim,
      rentTerms,
      Number.isNaN(chargedAt.getTime()) ? new Date() : chargedAt
    )
  const price =
    priced && 'quote' in priced && priced.quote.amount === payment.amountHalalas
      ? priced.quote
      : { gross: payment.amountHalalas, discount: 0 }
  return { ...claim, applicationId: payment.applicationId, price }
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

/**
 * Whether another payment already completed one of this claim's months of the stay, or its
 * deposit. Per stay: another resident's stay on the room never counts, and so is
 * never revealed.
 */
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
    .where('application_id', claim.applicationId)
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

/**
 * Whether the payment went back whole because the administrator asked for it and her call is
 * still at the gateway (a `pending` refund of `payment_refunds.ts`): its webhook can come first,
 * and that call tells her then, with the administrator's reason — she is told once.
 */
async function refundAskedByAdministrator(trx: TransactionClientContract, payment: Payment) {
  if (payment.status !== 'refunded') return false
  return Boolean(await pendingRefunds(trx, payment.id).first())
}

/**
 * The administrator's refunds of a payment still at the gateway (`payment_refunds.ts` holds
 * their amount while she waits): the one question both the refund and the webhook ask.
 */
export function pendingRefunds(client: QueryClientContract, paymentId: number) {
  return client.from('payment_refunds').where('payment_id', paymentId).where('state', 'pending')
}

/** Tells the tenant, in the payment's transaction, that it completed (with its receipt), failed or was refunded. */
export async function tellTenant(
  trx: TransactionClientContract,
  payment: Payment,
  claim: Entitled
) {
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
        ...(payment.method === 'creditCard' ? {} : { method: payment.method }),
        ...(payment.statusReason ? { reason: payment.statusReason } : {}),
      },
      link: kind === 'payment_completed' ? `/receipts/${payment.id}` : '/dashboard',
    },
  ])
}

/**
 * Keeps a payment's month rows in step with its status and what was given back of it (common's
 * `monthsStillPaid`: its first months stay paid while their share is not returned). The
 * deposit's state is not written: it is derived from the completed deposit payments, so a
 * failed or refunded attempt never changes a held deposit.
 */
export async function settleCoverage(trx: TransactionClientContract, payment: Payment) {
  const months: { id: number }[] = await trx
    .from('payment_months')
    .where('payment_id', payment.id)
    .orderBy('month')
    .select('id')
  if (months.length === 0) return
  let paid = 0
  if (payment.status === 'completed') {
    /* Months a stay's end gave back (always its last ones) stay given back. */
    const settlements: { months: string }[] = await trx
      .from('stay_settlements')
      .where('payment_id', payment.id)
      .select('months')
    const settled = settlements.reduce((sum, row) => sum + row.months.split(',').length, 0)
    paid = monthsStillPaid(months.length, payment.amountHalalas, payment.refundedHalalas, settled)
  }
  const ids = months.map((row) => row.id)
  if (paid > 0)
    await trx.from('payment_months').whereIn('id', ids.slice(0, paid)).update({ completed: true })
  if (paid < ids.length)
    await trx.from('payment_months').whereIn('id', ids.slice(paid)).update({ completed: false })
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
  const refundedHalalas = Math.min(state.refundedHalalas, state.amountHalalas)
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
        refundedHalalas,
        reference: null,
        voidReason: null,
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
    await settleCoverage(trx, payment)
    if (status === 'completed') await issueReceipt(trx, payment, claim.price)
    await tellTenant(trx, payment, claim)
    await auditPayment(trx, { actorId, action: 'payment.recorded', paymentId: payment.id, details })
    return { payment, created: true, needsRefund }
  }
  if (
    existing.status !== status ||
    existing.statusReason !== statusReason ||
    existing.refundedHalalas !== refundedHalalas
  ) {
    const from = existing.status
    existing.useTransaction(trx)
    await existing.merge({ status, statusReason, paymentDate, refundedHalalas }).save()
    await settleCoverage(trx, existing)
    if (status === 'completed') await issueReceipt(trx, existing, claim.price)
    if (existing.status !== from && !(await refundAskedByAdministrator(trx, existing)))
      await tellTenant(trx, existing, claim)
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
 * A gateway payment not recorded yet, from its verified claim only (the browser's POST past
 * its own checks, the callback page, the webhook): recorded as the claim says, or refused —
 * refunded if charged, audited with the reason, never credited.
 */
async function recordClaimed(
  read: ClaimRead,
  state: GatewayPayment,
  actorId: number | null
): Promise<Recorded | { refused: Refusal; gateway: GatewayPayment }> {
  const assessed = 'claim' in read ? await entitle(read.claim, state) : read
  if ('problem' in assessed) {
    return { refused: assessed.problem, gateway: await refuse(state, assessed.problem, actorId) }
  }
  return record(assessed.entitled, state, actorId)
}

/** What the claim pays for, as the POST's body would name it. */
const claimed = (claim: SignedClaimPayload): PaymentClaim => ({
  userId: claim.userId,
  roomId: claim.roomId,
  kind: claim.kind,
  months: claim.months,
})

/**
 * POST /api/payments: the tenant's browser names a gateway payment for a room and month.
 * 403 without an approved application for the room; 409 when the gateway id is already
 * recorded for something else, or its claim (hers) is for other months; 422 when the payment
 * carries no claim of the server's for her stay, an expired one, or was charged another amount
 * than the claim's (refunded if charged), or when her stay cannot pay what it claims; 502 when
 * the gateway cannot be asked.
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
  const asked: PaymentClaim = {
    userId: user.id,
    roomId: input.roomId,
    kind: input.kind,
    months: input.kind === 'deposit' ? [] : input.months,
  }
  const application = await approvedApplication(asked)
  if (!application) throw failure(403, 'payments.noApprovedApplication')
  const existing = await Payment.findBy('gatewayPaymentId', input.paymentReference)
  if (existing && !sameClaim(await claimOf(existing), asked))
    throw failure(409, 'payments.recordedForAnother')

  const state = await gateway.fetchPayment(input.paymentReference)
  if (existing) return record(await entitlementOf(existing, state), state, user.id)
  const read = readClaim(state)
  if ('claim' in read) {
    const stay = await stayOf(application.id)
    /*
     * A claim made for someone else (or for another stay): not hers to credit, and not hers to
     * settle either — refunding it here would let anyone who learnt a payment's id undo it. The
     * webhook credits it to whom the claim names.
     */
    if (read.claim.userId !== user.id || read.claim.tenancyId !== stay?.id) {
      throw failure(409, 'payments.recordedForAnother')
    }
    /* Hers, for other months: not refused (the webhook credits it as claimed). */
    if (!sameClaim(claimed(read.claim), asked)) throw failure(409, 'payments.paysForOther')
  }
  const result = await recordClaimed(read, state, user.id)
  if ('refused' in result) throw failure(422, refusalMessage(result.refused, asked.months.length))
  return result
}

/**
 * GET /api/payments/verify/:id: the gateway's word on the caller's payment (any payment for
 * the administrator), recorded on the way, and the record's id (null when it was refused, so
 * not recorded). 404 for anybody else's or an unknown id.
 */
export async function verifyPayment(
  user: User,
  gatewayId: string
): Promise<{ gateway: GatewayPayment; paymentId: number | null }> {
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
  let result: Awaited<ReturnType<typeof recordClaimed>>
  if (existing) {
    result = await record(await entitlementOf(existing, state), state, user.id)
  } else {
    /*
     * The callback page can arrive before the form's POST: recorded as the webhook would, when
     * its verified claim is hers. Anything else is not hers to see, nor to settle: the webhook
     * refunds it.
     */
    const read = readClaim(state)
    if (!user.isAdmin && !('claim' in read && read.claim.userId === user.id)) throw notFound()
    result = await recordClaimed(read, state, user.id)
  }
  return { gateway: result.gateway, paymentId: 'payment' in result ? result.payment.id : null }
}

/**
 * POST /api/payments/webhook (token already checked): the event only names the payment;
 * its state is fetched from the gateway. Updates the record, or creates it from its claim
 * when the browser never posted it (a tab closed on the 3-D Secure page).
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
  await recordClaimed(readClaim(state), state, null)
}

/**
 * GET /api/payments/quote: what the server will require for a claim of the caller's, before
 * the card form is shown, and the claim itself, signed, for the form's metadata: 403 without an
 * approved application for the room; 422 naming why her stay cannot pay the months (or the
 * deposit) — outside the stay, paid already, not a plan.
 */
export async function quotePayment(
  user: User,
  input: { roomId: number; kind: PaymentKind; months: string[] }
) {
  const application = await approvedApplication({ userId: user.id, roomId: input.roomId })
  if (!application) throw failure(403, 'payments.noApprovedApplication')
  const stay = await stayOf(application.id)
  if (!stay) throw failure(422, 'payments.notPayable')
  const now = new Date()
  const months = input.kind === 'deposit' ? [] : input.months
  const priced = priceClaim(await payableStay(stay), { kind: input.kind, months }, rentTerms, now)
  if ('refusal' in priced) throw failure(422, refusalMessage(priced.refusal, months.length))
  const claim = signClaim({
    tenancyId: stay.id,
    userId: user.id,
    roomId: input.roomId,
    kind: input.kind,
    months: priced.quote.months,
    amount: priced.quote.amount,
    expires: claimExpiry(now),
  })
  return { roomId: input.roomId, kind: input.kind, ...priced.quote, claim }
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
  const refunds: { amount_halalas: number; reason: string; created_at: string | Date }[] = await db
    .from('payment_refunds')
    .where('payment_id', payment.id)
    .where('state', 'completed')
    .orderBy('id')
    .select('amount_halalas', 'reason', 'created_at')
  return {
    payment,
    receipt,
    claim,
    refunds: refunds.map((row) => ({
      amountHalalas: Number(row.amount_halalas),
      reason: row.reason,
      createdAt:
        row.created_at instanceof Date
          ? DateTime.fromJSDate(row.created_at)
          : DateTime.fromSQL(row.created_at, { zone: 'utc' }),
    })),
  }
}

/**
 * GET /api/payments/:id: one payment with what its answer names, to its payer or the
 * administrator; anybody else's, or an unknown id, null.
 */
export async function findPayment(user: User, paymentId: number): Promise<Payment | null> {
  return Payment.query()
    .withScopes((scopes) => scopes.visibleTo(user))
    .where('id', paymentId)
    .preload('user')
    .preload('room', (room) => room.preload('building'))
    .preload('months')
    .first()
}

/** Loads what a payment's answer names: its payer, its room with the building, its months. */
export async function loadPaymentRelations(payment: Payment): Promise<void> {
  await payment.load('user')
  await payment.load('room', (room) => room.preload('building'))
  await payment.load('months')
}
