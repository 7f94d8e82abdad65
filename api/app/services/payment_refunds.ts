/*
 * Refunds from the back office (issue 44): the administrator gives back all or part of a
 * completed card payment through the gateway's refund API, with a reason.
 *
 * The amount is held first: a `pending` refund row is written with the payment locked, so two
 * refunds at once cannot together give back more than is left (the second answers 422). The
 * gateway is asked after that commits (no lock held while it answers); then the payment takes
 * the gateway's word on what was given back, which reopens the months whose share went back
 * (`settleCoverage`), and she is told. A gateway that does not answer leaves the refund
 * `failed` (502) and nothing given back.
 */
import db from '@adonisjs/lucid/services/db'
import { formatSarFigure, fromHalalas, toHalalas } from '@sakan/common'
import Payment from '#models/payment'
import type User from '#models/user'
import FieldRefusalException from '#exceptions/field_refusal_exception'
import { auditPayment } from '#services/audit'
import * as gateway from '#services/payment_gateway'
import { notify, roomFacts } from '#services/notifications'
import { claimOf, pendingRefunds, settleCoverage } from '#services/payments'
import { lockedById } from '#services/sql_locks'
import { sqlTimestamp } from '#services/sql_time'
import { notFound, unprocessable } from '#exceptions/refusals'

/** `reason` of her notification: the administrator's own words follow in `note`. */
export const BY_ADMINISTRATOR = 'by_administrator'

/** What is left to give back of a payment: its amount less what was refunded or is being refunded. */
async function refundable(payment: Payment, client: Parameters<typeof lockedById>[1]) {
  const held = await pendingRefunds(client, payment.id).sum('amount_halalas as halalas').first()
  return payment.amountHalalas - payment.refundedHalalas - Number(held?.halalas ?? 0)
}

/**
 * POST /api/admin/payments/:id/refund: 404 for an unknown payment; 422 for a payment that is not
 * a completed card payment of rent (a deposit goes back with "Return deposit"), or an amount
 * above what is left of it; 502 when the gateway cannot refund it now.
 */
export async function refundPayment(
  admin: User,
  paymentId: number,
  input: { amount: number; reason: string }
): Promise<Payment> {
  const halalas = toHalalas(input.amount)
  const held = await db.transaction(async (trx) => {
    const payment = await lockedById(Payment, trx, paymentId).first()
    if (!payment) throw notFound()
    if (payment.method !== 'creditCard' || !payment.gatewayPaymentId)
      throw unprocessable('payments.refundRecorded')
    if (payment.kind === 'deposit') throw unprocessable('payments.refundDeposit')
    if (payment.status !== 'completed') throw unprocessable('payments.refundNotCompleted')
    const left = await refundable(payment, trx)
    if (halalas > left) {
      throw new FieldRefusalException('amount', 'payments.refundAboveLeft', (locale) => ({
        amount: formatSarFigure(fromHalalas(Math.max(0, left)), locale),
      }))
    }
    const now = sqlTimestamp()
    const [row] = await trx
      .knexQuery()
      .table('payment_refunds')
      .insert({
        payment_id: payment.id,
        amount_halalas: halalas,
        reason: input.reason,
        state: 'pending',
        actor_id: admin.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
    return {
      refundId: Number(typeof row === 'object' ? row.id : row),
      gatewayId: payment.gatewayPaymentId,
      before: payment.refundedHalalas,
    }
  })

  let state: gateway.GatewayPayment
  try {
    state = await gateway.refund(held.gatewayId, BY_ADMINISTRATOR, halalas, held.before)
  } catch (error) {
    await db.transaction(async (trx) => {
      await trx
        .from('payment_refunds')
        .where('id', held.refundId)
        .update({ state: 'failed', updated_at: sqlTimestamp() })
      await auditPayment(trx, {
        actorId: admin.id,
        action: 'payment.refund_failed',
        paymentId,
        details: { amount: input.amount, reason: input.reason },
      })
    })
    throw error
  }

  return db.transaction(async (trx) => {
    const payment = await lockedById(Payment, trx, paymentId).firstOrFail()
    await trx
      .from('payment_refunds')
      .where('id', held.refundId)
      .update({ state: 'completed', updated_at: sqlTimestamp() })
    /* The gateway's word on what it gave back in all (a webhook may have told it already). */
    const refunded = Math.min(
      payment.amountHalalas,
      Math.max(payment.refundedHalalas, state.refundedHalalas, held.before + halalas)
    )
    payment.useTransaction(trx)
    await payment
      .merge({
        refundedHalalas: refunded,
        status: refunded >= payment.amountHalalas ? 'refunded' : payment.status,
        statusReason: refunded >= payment.amountHalalas ? BY_ADMINISTRATOR : payment.statusReason,
      })
      .save()
    await settleCoverage(trx, payment)
    const claim = await claimOf(payment, trx)
    await notify(trx, [
      {
        userId: payment.userId,
        kind: 'payment_refunded',
        data: {
          paymentId: payment.id,
          ...(await roomFacts(trx, payment.roomId)),
          amountHalalas: halalas,
          months: claim.months,
          reason: BY_ADMINISTRATOR,
          note: input.reason,
        },
        link: `/receipts/${payment.id}`,
        dedupeKey: `payment_refund:${held.refundId}`,
      },
    ])
    await auditPayment(trx, {
      actorId: admin.id,
      action: 'payment.refunded',
      paymentId: payment.id,
      details: {
        amount: input.amount,
        reason: input.reason,
        refundedTotal: fromHalalas(refunded),
        gatewayPaymentId: payment.gatewayPaymentId,
      },
    })
    return payment
  })
}
