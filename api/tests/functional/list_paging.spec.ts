import { test } from '@japa/runner'
import Application from '#models/application'
import MaintenanceRequest from '#models/maintenance_request'
import Payment from '#models/payment'
import type User from '#models/user'
import {
  ApplicationFactory,
  MaintenanceRequestFactory,
  UserFactory,
} from '../../../database/factories/index.js'
import { as, isolateEachTest } from '#tests/helpers'
import { tenantWithHistory } from '#tests/tenancy'

/* Her lists: `tenantWithHistory` gives her one application, two payments and one request. */
const LISTS = ['/api/applications', '/api/payments', '/api/maintenance-requests'] as const

test.group('Lists: one paging rule, one "her own" scope', (group) => {
  isolateEachTest(group)

  test('every list refuses a page end not after its start, in the caller’s language', async ({
    client,
    assert,
  }) => {
    const { tenant } = await tenantWithHistory()
    for (const list of [...LISTS, '/api/rooms']) {
      for (const [locale, message] of [
        ['en', 'The page end must be after the page start'],
        ['ar', 'يجب أن تكون نهاية الصفحة بعد بدايتها'],
      ]) {
        const response = await as(client.get(list).qs({ _start: 2, _end: 2 }), tenant).header(
          'X-Locale',
          locale
        )
        response.assertStatus(422)
        assert.deepInclude(
          response.body().errors,
          { field: '_end', rule: 'pageRange', message },
          `${list} ${locale}`
        )
      }
    }
  })

  test('every list answers one page with the total before paging in X-Total-Count', async ({
    client,
    assert,
  }) => {
    const { tenant } = await tenantWithHistory()
    const payments = await as(client.get('/api/payments').qs({ _start: 1, _end: 2 }), tenant)
    payments.assertStatus(200)
    assert.lengthOf(payments.body(), 1)
    assert.equal(payments.header('x-total-count'), '2')
    assert.equal(payments.body()[0].monthCovered, '2026-10')
    for (const list of LISTS) {
      const beyond = await as(client.get(list).qs({ _start: 5, _end: 10 }), tenant)
      beyond.assertStatus(200)
      assert.deepEqual(beyond.body(), [], list)
      assert.equal(beyond.header('x-total-count'), list === '/api/payments' ? '2' : '1', list)
    }
  })

  test('no list answers more than 100 rows, whatever _end asks for', async ({ client, assert }) => {
    const tenant = await UserFactory.create()
    const application = await ApplicationFactory.merge({ userId: tenant.id })
      .with('room', 1, (room) => room.with('building'))
      .create()
    await MaintenanceRequestFactory.merge({
      userId: tenant.id,
      roomId: application.roomId,
      buildingId: application.room.buildingId,
    }).createMany(101)
    const response = await as(
      client.get('/api/maintenance-requests').qs({ _start: 0, _end: 1000 }),
      tenant
    )
    response.assertStatus(200)
    assert.lengthOf(response.body(), 100)
    assert.equal(response.header('x-total-count'), '101')
  })

  test('visibleTo: a tenant’s own rows, every row for the administrator', async ({ assert }) => {
    const { tenant } = await tenantWithHistory()
    const { tenant: other } = await tenantWithHistory()
    const admin = await UserFactory.apply('admin').create()
    const visible = {
      applications: (user: User) =>
        Application.query().withScopes((scopes) => scopes.visibleTo(user)),
      payments: (user: User) => Payment.query().withScopes((scopes) => scopes.visibleTo(user)),
      maintenance: (user: User) =>
        MaintenanceRequest.query().withScopes((scopes) => scopes.visibleTo(user)),
    }
    for (const [name, list] of Object.entries(visible)) {
      const hers = await list(tenant)
      assert.isNotEmpty(hers, name)
      assert.isTrue(
        hers.every((row) => row.userId === tenant.id),
        name
      )
      const everything = await list(admin)
      assert.sameMembers(
        everything.map((row) => row.userId),
        [...hers.map((row) => row.userId), ...(await list(other)).map((row) => row.userId)],
        name
      )
    }
  })
})
