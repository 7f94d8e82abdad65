import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { monthsOffered, PAYMENT_MONTHS_OFFERED } from '@sakan/common'
import Application from '#models/application'
import Building from '#models/building'
import Payment from '#models/payment'
import Room from '#models/room'
import User from '#models/user'
import { as } from '#tests/helpers'
import { endAllSessions } from '#services/sessions'
import { tenancy } from '#tests/tenancy'
import { gatewayPayment, payWithCard, TEST_WEBHOOK_SECRET, webhookEvent } from '#tests/payments'

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
    cleanup(async () => {
      await endAllSessions(tenant.id)
      const payments = await Payment.query().where('room_id', room.id)
      await db
        .from('audit_events')
        .where('subject_type', 'payment')
        .where((query) =>
          query.whereIn(
            'subject_id',
            payments.map((payment) => payment.id)
          )
        )
        .delete()
      /* Receipts are kept with their payments; the stay with its application. */
      await db
        .from('receipts')
        .whereIn(
          'payment_id',
          payments.map((payment) => payment.id)
        )
        .delete()
      await Payment.query().where('room_id', room.id).delete()
      await db.from('tenancies').where('application_id', application.id).delete()
      await Application.query().where('id', application.id).delete()
      await User.query().where('id', tenant.id).delete()
      await Room.query().where('id', room.id).delete()
      await Building.query().where('id', room.buildingId).delete()
    })

    const months = monthsOffered(PAYMENT_MONTHS_OFFERED)
    for (const month of months.slice(0, 3)) {
      const metadata = { roomId: room.id, monthCovered: month, userId: tenant.id }
      const ids = [
        await payWithCard({ amountHalalas: room.priceHalalas, metadata }),
        await payWithCard({ amountHalalas: room.priceHalalas, metadata }),
      ]
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
      assert.equal((await gatewayPayment(refunded.gatewayPaymentId)).status, 'refunded')
    }
  }).timeout(30_000)
})
