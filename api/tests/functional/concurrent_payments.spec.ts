import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { monthsOffered, PAYMENT_MONTHS_OFFERED } from '@sakan/common'
import Application from '#models/application'
import Payment from '#models/payment'
import PaymentMonth from '#models/payment_month'
import Receipt from '#models/receipt'
import Tenancy from '#models/tenancy'
import { as } from '#tests/helpers'
import { removeCommitted } from '#tests/stored'
import { offersOf, tenancy } from '#tests/tenancy'
import { gatewayPayment, payFor, payRent, TEST_WEBHOOK_SECRET, webhookEvent } from '#tests/payments'

/** Removes a resident made by `tenancy()` and everything her payments left (receipts, stay). */
async function removeResident({ tenant, room, application }: Awaited<ReturnType<typeof tenancy>>) {
  const paymentIds = (await Payment.query().where('room_id', room.id)).map((payment) => payment.id)
  await db
    .from('audit_events')
    .where('subject_type', 'payment')
    .whereIn('subject_id', paymentIds)
    .delete()
  /* Receipts are kept with their payments; the stay with its application. */
  await db.from('receipts').whereIn('payment_id', paymentIds).delete()
  await Payment.query().where('room_id', room.id).delete()
  await db.from('tenancies').where('application_id', application.id).delete()
  await Application.query().where('id', application.id).delete()
  await removeCommitted({ users: [tenant.id], rooms: [room] })
}

/*
 * Real transactions, committed (no per-test rollback), so that the browser's POST, the
 * callback page's verify and the gateway's webhook truly race (on PostgreSQL, on separate
 * connections). Everything made here is removed after.
 */
test.group('Concurrent card payments', (group) => {
  group.each.setup(() => limiter.clear())

  test('two payments for one month, posted, verified and webhooked at once: one completed, the other refunded', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { tenant, room, application } = await tenancy()
    cleanup(() => removeResident({ tenant, room, application }))

    const months = monthsOffered(PAYMENT_MONTHS_OFFERED)
    for (const month of months.slice(0, 3)) {
      const ids = [await payRent(tenant, room, month), await payRent(tenant, room, month)]
      const calls = ids.flatMap((id) => [
        as(client.post('/api/payments'), tenant).json({
          roomId: room.id,
          monthCovered: month,
          paymentReference: id,
        }),
        as(client.get(`/api/payments/verify/${id}`), tenant),
        webhookEvent(id, TEST_WEBHOOK_SECRET).then((event) =>
          client.post('/api/payments/webhook').json(event)
        ),
      ])
      const statuses = (await Promise.all(calls)).map((response) => response.status())
      assert.isTrue(
        statuses.every((status) => status === 200 || status === 201),
        `${month}: ${statuses}`
      )

      const recorded = await Payment.query().where('room_id', room.id).where('month_covered', month)
      assert.lengthOf(recorded, 2, month)
      assert.deepEqual(recorded.map((payment) => payment.status).sort(), ['completed', 'refunded'])
      const refunded = recorded.find((payment) => payment.status === 'refunded')!
      assert.equal(refunded.statusReason, 'month_already_paid')
      assert.equal((await gatewayPayment(refunded.gatewayPaymentId!)).status, 'refunded')
    }
  }).timeout(30_000)

  test('two overlapping prepayments and other residents’ payments at once: the months are paid once, every receipt number differs', async ({
    client,
    assert,
    cleanup,
  }) => {
    const residents = [await tenancy(), await tenancy(), await tenancy()]
    cleanup(async () => {
      for (const resident of residents) await removeResident(resident)
    })
    const [first, ...others] = residents
    const { tenant, room, application } = first!
    const stay = await Tenancy.findByOrFail('applicationId', application.id)
    const months = offersOf(stay).plans[3]!
    const ids = [
      await payFor(tenant, room.id, { months }),
      await payFor(tenant, room.id, { months }),
    ]
    const month = monthsOffered(PAYMENT_MONTHS_OFFERED)[0]!
    const singles = await Promise.all(
      others.map(async (other) => ({
        other,
        id: await payRent(other.tenant, other.room, month),
      }))
    )
    const responses = await Promise.all([
      ...ids.map((id) =>
        as(client.post('/api/payments'), tenant).json({
          roomId: room.id,
          monthsCovered: months,
          paymentReference: id,
        })
      ),
      ...singles.map(({ other, id }) =>
        as(client.post('/api/payments'), other.tenant).json({
          roomId: other.room.id,
          monthCovered: month,
          paymentReference: id,
        })
      ),
    ])
    assert.isTrue(
      responses.every((response) => response.status() === 201),
      String(responses.map((response) => response.status()))
    )
    const recorded = await Payment.query().where('room_id', room.id)
    assert.deepEqual(recorded.map((payment) => payment.status).sort(), ['completed', 'refunded'])
    const paidMonths = await PaymentMonth.query()
      .where('room_id', room.id)
      .where('completed', true)
      .orderBy('month')
    assert.deepEqual(
      paidMonths.map((row) => row.month),
      months
    )

    const completedIds = (
      await Payment.query()
        .whereIn(
          'room_id',
          residents.map((resident) => resident.room.id)
        )
        .where('status', 'completed')
    ).map((payment) => payment.id)
    assert.lengthOf(completedIds, 3)
    const receipts = await Receipt.query().whereIn('payment_id', completedIds)
    assert.lengthOf(receipts, 3)
    assert.lengthOf(new Set(receipts.map((receipt) => `${receipt.year}-${receipt.number}`)), 3)
  }).timeout(30_000)
})
