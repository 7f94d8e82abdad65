import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { MAX_STAY_MONTHS } from '@sakan/common'
import { as, isolateEachTest, rawPaymentRow } from '#tests/helpers'
import { tenancy as approvedApplication } from '#tests/tenancy'
import { sendRentNotices } from '#services/rent_notices'
import { overdueSummary } from '#services/tenancies'

/**
 * Rows written before the rent domain was bounded, inserted as such data would be:
 * a stay ending 9999-12-31 with a payment for 9999-10..12, and a stay moving in on 9999-12-31.
 * Reading them once sent the ledger into an endless loop and took the API down for good; now
 * every read answers at once, within the stay's bounds, and the rent notices go on.
 */
async function poisonedStay(change: Record<string, unknown>) {
  const { tenant, room, application } = await approvedApplication()
  await db.from('tenancies').where('application_id', application.id).update(change)
  const [payment] = await db
    .table('payments')
    .insert({ ...rawPaymentRow(application, `pay_poison_${application.id}`, 'completed') })
    .returning('id')
  const paymentId = typeof payment === 'object' ? payment.id : payment
  await db.table('payment_months').multiInsert(
    ['9999-10', '9999-11', '9999-12'].map((month) => ({
      payment_id: paymentId,
      room_id: room.id,
      application_id: application.id,
      month,
      completed: true,
    }))
  )
  const stay = await db.from('tenancies').where('application_id', application.id).firstOrFail()
  return { tenant, stayId: Number(stay.id) }
}

/** Answers within 200 ms (the bar for a ledger read), with the body. */
async function quickly<T>(
  read: () => Promise<T>,
  assert: { isBelow: (value: number, limit: number) => void }
) {
  const started = performance.now()
  const result = await read()
  assert.isBelow(performance.now() - started, 200)
  return result
}

test.group('Rows written before the bounds (issue 39)', (group) => {
  isolateEachTest(group)

  test('a stay ending 9999-12-31 paid for 9999-10..12 reads at once', async ({
    client,
    assert,
  }) => {
    const { tenant, stayId } = await poisonedStay({
      state: 'ended',
      end_date: '9999-12-31',
      end_reason: 'written before the bounds',
    })
    const ledger = await quickly(
      () => as(client.get(`/api/tenancies/${stayId}/ledger`), tenant),
      assert
    )
    ledger.assertStatus(200)
    const months: { month: string }[] = ledger.body()
    assert.isAtMost(months.length, MAX_STAY_MONTHS)
    assert.notInclude(
      months.map((row) => row.month),
      '9999-10'
    )
    const list = await quickly(() => as(client.get('/api/tenancies'), tenant), assert)
    list.assertStatus(200)
  })

  test('a stay moving in on 9999-12-31 reads at once, and the rent notices go on', async ({
    client,
    assert,
  }) => {
    const { tenant, stayId } = await poisonedStay({ start_date: '9999-12-31' })
    const ledger = await quickly(
      () => as(client.get(`/api/tenancies/${stayId}/ledger`), tenant),
      assert
    )
    ledger.assertStatus(200)

    /* The work the API does at start-up and daily reads every running stay. */
    await poisonedStay({ state: 'ended', end_date: '9999-12-31', end_reason: 'old' })
    const written = await quickly(() => sendRentNotices(new Date()), assert)
    assert.isAtLeast(written, 0)
    const summary = await quickly(() => overdueSummary(new Date()), assert)
    assert.isAtLeast(summary.tenancies, 0)
  })
})
