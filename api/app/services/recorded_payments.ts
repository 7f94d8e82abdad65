/*
 * Rent that arrives another way than the card form (issue 44): through Ejar's channels (mada,
 * SADAD biller 153), by bank transfer, or in cash at the office. The administrator records it
 * on a stay, for one or more of its payable months or its deposit, at the price the stay's
 * rules set for those months on the day it was received (late fees included); it pays its
 * months as a card payment does, gets its receipt, is audited, and she is told. It is never
 * deleted: a payment recorded in error is voided with a reason, which gives its months back.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  formatSarFigure,
  fromHalalas,
  priceClaim,
  toHalalas,
  type PaymentKind,
  type RecordedPaymentMethod,
} from '@sakan/common'
import Payment from '#models/payment'
import Tenancy from '#models/tenancy'
import type User from '#models/user'
import { rentTerms } from '#config/rent'
import FieldRefusalException from '#exceptions/field_refusal_exception'
import { auditPayment } from '#services/audit'
import { notify, roomFacts } from '#services/notifications'
import {
  claimOf,
  issueReceipt,
  payableStay,
  refusalMessage,
  settleCoverage,
  tellTenant,
} from '#services/payments'
import { isUniqueViolation } from '#services/sql_errors'
import { lockedById } from '#services/sql_locks'
import { conflict, notFound, unprocessable } from '#exceptions/refusals'

export interface RecordedPaymentInput {
  kind: PaymentKind
  monthsCovered?: string[]
  method: RecordedPaymentMethod
  reference: string
  /** `yyyy-MM-dd`, Riyadh. */
  receivedOn: string
  /** SAR. */
  amount: number
}

/** The instant a day received stands for: its start in Riyadh. */
const receivedAt = (day: string) => DateTime.fromISO(day, { zone: 'Asia/Riyadh' }).startOf('day')

/**
 * Records rent (or the deposit) received another way on stay `tenancyId`: 404 for an unknown
 * stay; 422 when the months are not the stay's to pay (outside it, not in a row) or the amount is
 * not their price; 409 when they (or the deposit) are paid already, or the reference is already
 * recorded for a payment of this method that stands. In one transaction with its months, its
 * receipt, its audit event and her notification.
 */
export async function recordPayment(
  admin: User,
  tenancyId: number,
  input: RecordedPaymentInput
): Promise<Payment> {
  try {
    return await db.transaction(async (trx) => {
      const stay = await lockedById(Tenancy, trx, tenancyId).first()
      if (!stay) throw notFound()
      const months = input.kind === 'deposit' ? [] : (input.monthsCovered ?? [])
      const at = receivedAt(input.receivedOn)
      const priced = priceClaim(
        await payableStay(stay, trx),
        { kind: input.kind, months },
        rentTerms,
        at.plus({ hours: 12 }).toJSDate(),
        'recorded'
      )
      if ('refusal' in priced) {
        const key = refusalMessage(priced.refusal, months.length)
        if (priced.refusal === 'already_paid' || priced.refusal === 'deposit_not_due')
          throw conflict(key)
        throw new FieldRefusalException('monthsCovered', key)
      }
      const { quote } = priced
      if (toHalalas(input.amount) !== quote.amount) {
        throw new FieldRefusalException('amount', 'payments.recordedAmount', (locale) => ({
          amount: formatSarFigure(fromHalalas(quote.amount), locale),
        }))
      }
      const taken = await trx
        .from('payments')
        .where('method', input.method)
        .where('reference', input.reference)
        .whereNot('status', 'voided')
        .first()
      if (taken) throw conflict('payments.referenceTaken')

      const payment = await Payment.create(
        {
          userId: stay.userId,
          roomId: stay.roomId,
          applicationId: stay.applicationId,
          amountHalalas: quote.amount,
          currency: 'SAR',
          method: input.method,
          kind: input.kind,
          monthCovered: months[0] ?? input.receivedOn.slice(0, 7),
          gatewayPaymentId: null,
          reference: input.reference,
          status: 'completed',
          statusReason: null,
          refundedHalalas: 0,
          voidReason: null,
          paymentDate: at,
        },
        { client: trx }
      )
      if (months.length > 0) {
        await trx.table('payment_months').multiInsert(
          months.map((month) => ({
            payment_id: payment.id,
            room_id: stay.roomId,
            application_id: stay.applicationId,
            month,
            completed: false,
          }))
        )
      }
      await settleCoverage(trx, payment)
      await issueReceipt(trx, payment, quote)
      await tellTenant(trx, payment, {
        userId: stay.userId,
        roomId: stay.roomId,
        kind: input.kind,
        months,
        applicationId: stay.applicationId,
        price: quote,
      })
      await auditPayment(trx, {
        actorId: admin.id,
        action: 'payment.received',
        paymentId: payment.id,
        details: {
          tenancyId: stay.id,
          method: input.method,
          reference: input.reference,
          receivedOn: input.receivedOn,
          kind: input.kind,
          months,
          amount: fromHalalas(quote.amount),
        },
      })
      return payment
    })
  } catch (error) {
    /* A concurrent record took the reference, or one of the months, first. */
    if (isUniqueViolation(error)) throw conflict('payments.recordedMeanwhile')
    throw error
  }
}

/**
 * Voids a recorded payment with the administrator's reason: its months are open again (its
 * receipt stays, marked voided), audited, and she is told. 404 for an unknown payment; 422 for a
 * card payment (refunded through the gateway instead); 409 when it is voided already, or when
 * something was given back against it (a deposit partly returned; months past its stay's end
 * settled as a credit owed to her).
 */
export async function voidPayment(admin: User, paymentId: number, reason: string) {
  return db.transaction(async (trx) => {
    const payment = await lockedById(Payment, trx, paymentId).first()
    if (!payment) throw notFound()
    if (payment.method === 'creditCard') throw unprocessable('payments.voidCard')
    if (payment.status === 'voided') throw conflict('payments.alreadyVoided')
    /* What was given back against it stands: a deposit partly returned, months settled as a credit. */
    if (payment.kind === 'deposit') {
      const stay = await Tenancy.query({ client: trx })
        .where('application_id', payment.applicationId)
        .forUpdate()
        .first()
      if ((stay?.depositReturnedHalalas ?? 0) > 0) throw conflict('payments.voidReturnedDeposit')
    }
    if (await trx.from('stay_settlements').where('payment_id', payment.id).first())
      throw conflict('payments.voidSettled')
    payment.useTransaction(trx)
    await payment.merge({ status: 'voided', voidReason: reason }).save()
    await settleCoverage(trx, payment)
    await tellVoided(trx, payment, reason)
    await auditPayment(trx, {
      actorId: admin.id,
      action: 'payment.voided',
      paymentId: payment.id,
      details: { method: payment.method, reference: payment.reference, reason },
    })
    return payment
  })
}

async function tellVoided(trx: TransactionClientContract, payment: Payment, reason: string) {
  const claim = await claimOf(payment, trx)
  await notify(trx, [
    {
      userId: payment.userId,
      kind: 'payment_voided',
      data: {
        paymentId: payment.id,
        ...(await roomFacts(trx, payment.roomId)),
        amountHalalas: payment.amountHalalas,
        months: claim.months,
        note: reason,
      },
      link: '/dashboard',
    },
  ])
}
