import { test } from '@japa/runner'
import { UserFactory } from '../../../database/factories/index.js'
import { as, isolateEachTest } from '#tests/helpers'
import { tenantWithHistory } from '#tests/tenancy'

test.group('Payments and maintenance lists', (group) => {
  isolateEachTest(group)

  test('a tenant sees her own payments, shaped as spec §3', async ({ client, assert }) => {
    const { tenant, application } = await tenantWithHistory()
    await tenantWithHistory()
    const response = await as(client.get('/api/payments'), tenant)
    response.assertStatus(200)
    assert.lengthOf(response.body(), 2)
    assert.equal(response.header('x-total-count'), '2')
    const paid = response.body().find((p: { monthCovered: string }) => p.monthCovered === '2026-10')
    assert.containsSubset(paid, {
      amount: 1850.5,
      currency: 'SAR',
      paymentMethod: 'creditCard',
      paymentStatus: 'completed',
      room: { id: application.roomId, roomNumber: application.room.roomNumber },
    })
    assert.isString(paid.paymentReference)
    assert.isString(paid.room.building.name)
    const failed = await as(client.get('/api/payments').qs({ status: 'failed' }), tenant)
    assert.lengthOf(failed.body(), 1)
  })

  test('a tenant sees her own maintenance requests; the administrator sees all', async ({
    client,
    assert,
  }) => {
    const { tenant } = await tenantWithHistory()
    await tenantWithHistory()
    const admin = await UserFactory.apply('admin').create()
    const own = await as(client.get('/api/maintenance-requests'), tenant)
    own.assertStatus(200)
    assert.lengthOf(own.body(), 1)
    assert.containsSubset(own.body()[0], {
      title: 'Leaking tap',
      category: 'plumbing',
      priority: 'medium',
      status: 'pending',
      user: { fullName: tenant.fullName },
    })
    assert.isString(own.body()[0].room.roomNumber)
    const all = await as(client.get('/api/maintenance-requests'), admin)
    assert.lengthOf(all.body(), 2)
    ;(await as(client.get('/api/maintenance-requests').qs({ status: 'open' }), admin)).assertStatus(
      422
    )
    const payments = await as(client.get('/api/payments'), admin)
    assert.lengthOf(payments.body(), 4)
  })
})
