import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { fromHalalas, monthIndex, type StaySettlement } from '@sakan/common'
import type Tenancy from '#models/tenancy'
import * as gateway from '#services/payment_gateway'
import { audit } from '#services/audit'
import { notify, roomFacts } from '#services/notifications'
import { sqlTimestamp } from '#services/sql_time'
import { instant } from '#transformers/helpers'
import { DateTime } from 'luxon'

/**
 * Ending a stay settles its money: rent paid for months past its end month is
 * refunded through the gateway or, where the gateway cannot, owed to her as a credit. Either
 * way it is recorded (`stay_settlements`), audited, and she is told.
 *
 * The months are taken off the stay in the ending transaction and written as a credit owed;
 * the gateway is asked after that commits (no lock is held while it answers), and a refund it
 * made turns the credit into `refunded`. A crash between the two leaves a credit, never money
 * given back twice or lost from the books.
 */

/** `payments.status_reason` of a payment refunded whole because the stay ended before its months. */
export const STAY_ENDED = 'stay_ended'

/** What ending a stay left to settle: one payment's months past the end, as a credit so far. */
export interface PendingSettlement {
  id: number
  tenancyId: number
  userId: number
  roomId: number
  paymentId: number
  gatewayPaymentId: string | null
  months: string[]
  amountHalalas: number
  /** Every month of the payment is settled: a refund gives it all back. */
  whole: boolean
}

interface PaidMonthRow {
  row_id: number
  payment_id: number
  month: string
  amount_halalas: number
  gateway_payment_id: string | null
}

/**
 * In the ending transaction: the completed rent months of the stay after its end month (a
 * stored month that is not one of ours lies outside every stay and is settled too) are no
 * longer completed, and each payment's share of them is written as a credit owed.
 */
export async function takeMonthsPastEnd(
  trx: TransactionClientContract,
  tenancy: Tenancy
): Promise<PendingSettlement[]> {
  const endMonth = monthIndex(tenancy.endDate!.toFormat('yyyy-MM'))!
  const rows: PaidMonthRow[] = await trx
    .from('payment_months as m')
    .join('payments as p', 'p.id', 'm.payment_id')
    .where('m.application_id', tenancy.applicationId)
    .where('m.completed', true)
    .where('p.status', 'completed')
    .orderBy('m.payment_id')
    .orderBy('m.month')
    .select('m.id as row_id', 'm.payment_id', 'm.month', 'p.amount_halalas', 'p.gateway_payment_id')
  const past = rows.filter((row) => {
    const index = monthIndex(row.month)
    return index === null || index > endMonth
  })
  if (past.length === 0) return []

  const byPayment = new Map<number, PaidMonthRow[]>()
  for (const row of past)
    byPayment.set(row.payment_id, [...(byPayment.get(row.payment_id) ?? []), row])
  const counts: { payment_id: number; n: number | string }[] = await trx
    .from('payment_months')
    .whereIn('payment_id', [...byPayment.keys()])
    .groupBy('payment_id')
    .select('payment_id')
    .count('* as n')
  const monthsOf = new Map(counts.map((row) => [Number(row.payment_id), Number(row.n)]))

  await trx
    .from('payment_months')
    .whereIn(
      'id',
      past.map((row) => row.row_id)
    )
    .update({ completed: false })

  const now = sqlTimestamp()
  const pending: PendingSettlement[] = []
  for (const [paymentId, settled] of byPayment) {
    const first = settled[0]!
    const total = monthsOf.get(paymentId) ?? settled.length
    const whole = settled.length >= total
    /* Its share of what the payment charged (a plan's discount shared alike by its months). */
    const amountHalalas = whole
      ? Number(first.amount_halalas)
      : Math.round((Number(first.amount_halalas) * settled.length) / total)
    const months = settled.map((row) => row.month)
    const [inserted] = await trx
      .knexQuery()
      .table('stay_settlements')
      .insert({
        tenancy_id: tenancy.id,
        payment_id: paymentId,
        months: months.join(','),
        amount_halalas: amountHalalas,
        outcome: 'credit',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
    pending.push({
      id: Number(typeof inserted === 'object' ? inserted.id : inserted),
      tenancyId: tenancy.id,
      userId: tenancy.userId,
      roomId: tenancy.roomId,
      paymentId,
      gatewayPaymentId: first.gateway_payment_id,
      months,
      amountHalalas,
      whole,
    })
  }
  return pending
}

/**
 * After the ending transaction: asks the gateway to refund each settlement; one it refunds is
 * marked so, one it cannot stays a credit. Each is audited and told to her. A failure is
 * logged, never thrown: the stay has ended, and what is owed is recorded either way.
 */
export async function refundSettlements(actorId: number, pending: readonly PendingSettlement[]) {
  for (const settlement of pending) {
    let refunded = false
    if (settlement.gatewayPaymentId) {
      try {
        await gateway.refund(settlement.gatewayPaymentId, STAY_ENDED, settlement.amountHalalas)
        refunded = true
      } catch (error) {
        logger.warn(
          { err: error, settlement: settlement.id, payment: settlement.paymentId },
          'the gateway did not refund months past a stay; kept as a credit'
        )
      }
    }
    try {
      await db.transaction((trx) => recordOutcome(trx, actorId, settlement, refunded))
    } catch (error) {
      /* The money's fate is in the log at least; the row says credit until it is corrected. */
      logger.error(
        { err: error, settlement: settlement.id, payment: settlement.paymentId, refunded },
        'could not record the outcome of a stay settlement'
      )
    }
  }
}

async function recordOutcome(
  trx: TransactionClientContract,
  actorId: number,
  settlement: PendingSettlement,
  refunded: boolean
) {
  if (refunded) {
    await trx
      .from('stay_settlements')
      .where('id', settlement.id)
      .update({ outcome: 'refunded', updated_at: sqlTimestamp() })
    /* Given back whole: the payment is refunded (a partial refund leaves it standing). */
    if (settlement.whole) {
      await trx
        .from('payments')
        .where('id', settlement.paymentId)
        .where('status', 'completed')
        .update({ status: 'refunded', status_reason: STAY_ENDED, updated_at: sqlTimestamp() })
    }
  }
  const outcome = refunded ? 'refunded' : 'credit'
  await notify(trx, [
    {
      userId: settlement.userId,
      kind: 'payment_refunded',
      data: {
        paymentId: settlement.paymentId,
        tenancyId: settlement.tenancyId,
        ...(await roomFacts(trx, settlement.roomId)),
        amountHalalas: settlement.amountHalalas,
        months: settlement.months,
        reason: refunded ? STAY_ENDED : 'stay_ended_credit',
      },
      link: '/dashboard',
    },
  ])
  await audit(trx, {
    actorId,
    action: 'tenancy.settled',
    subjectType: 'tenancy',
    subjectId: settlement.tenancyId,
    details: {
      roomId: settlement.roomId,
      paymentId: settlement.paymentId,
      months: settlement.months,
      amount: fromHalalas(settlement.amountHalalas),
      outcome,
    },
  })
}

interface SettlementRow {
  id: number
  tenancy_id: number
  payment_id: number
  months: string
  amount_halalas: number
  outcome: 'refunded' | 'credit'
  created_at: string | Date
}

/** The settlements of each stay, oldest first, as the stay's JSON lists them (SAR). */
export async function settlementsOf(
  client: QueryClientContract,
  tenancyIds: readonly number[]
): Promise<Map<number, StaySettlement[]>> {
  const byTenancy = new Map<number, StaySettlement[]>()
  for (let at = 0; at < tenancyIds.length; at += 500) {
    const rows: SettlementRow[] = await client
      .from('stay_settlements')
      .whereIn('tenancy_id', tenancyIds.slice(at, at + 500))
      .orderBy('id')
      .select('*')
    for (const row of rows) {
      const list = byTenancy.get(Number(row.tenancy_id)) ?? []
      list.push({
        id: Number(row.id),
        paymentId: Number(row.payment_id),
        months: row.months.split(','),
        amount: fromHalalas(Number(row.amount_halalas)),
        outcome: row.outcome,
        createdAt: instant(
          row.created_at instanceof Date
            ? DateTime.fromJSDate(row.created_at)
            : DateTime.fromSQL(String(row.created_at), { zone: 'utc' })
        ),
      })
      byTenancy.set(Number(row.tenancy_id), list)
    }
  }
  return byTenancy
}
