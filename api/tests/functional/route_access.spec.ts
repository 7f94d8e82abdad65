import { test } from '@japa/runner'
import type { ApiRequest } from '@japa/api-client'
import type { AccessLevel } from '#tests/routes'
import { UserFactory } from '../../../database/factories/index.js'
import { as, isolateEachTest } from '#tests/helpers'
import { registeredRoutes } from '#tests/routes'

/**
 * Who may call what: the table below gives every route its access level (public, signed in
 * or admin).
 * A route registered without an access level, or missing from this table, fails here —
 * so a new route cannot forget its guard.
 */
const EXPECTED: Record<string, AccessLevel> = {
  'GET /api/health': 'public',
  'GET /api/config': 'public',
  'POST /api/auth/firebase-login': 'public',
  'GET /api/auth/me': 'signedIn',
  'PATCH /api/auth/me': 'signedIn',
  'GET /api/notifications': 'signedIn',
  'POST /api/notifications/read': 'signedIn',
  'GET /api/admin/notifications': 'admin',
  'POST /api/admin/notifications/:id/resend': 'admin',
  'POST /api/auth/logout': 'signedIn',
  'POST /api/auth/logout-all': 'signedIn',
  'GET /api/me/export': 'signedIn',
  'DELETE /api/me': 'signedIn',
  'POST /api/me/consent': 'signedIn',
  'GET /api/rooms': 'public',
  'GET /api/rooms/:id': 'public',
  'GET /api/reviews': 'public',
  'POST /api/newsletter': 'public',
  'GET /api/applications': 'signedIn',
  'POST /api/applications': 'signedIn',
  'GET /api/applications/:id': 'signedIn',
  'PATCH /api/applications/:id/review': 'admin',
  'DELETE /api/applications/:id': 'admin',
  'GET /api/images/*': 'signedIn',
  'GET /api/payments': 'signedIn',
  'POST /api/payments': 'signedIn',
  'GET /api/payments/verify/:id': 'signedIn',
  'GET /api/payments/:id': 'signedIn',
  'GET /api/payments/quote': 'signedIn',
  'GET /api/payments/:id/receipt': 'signedIn',
  'POST /api/payments/webhook': 'public',
  'GET /api/tenancies': 'signedIn',
  'GET /api/tenancies/:id': 'signedIn',
  'GET /api/tenancies/:id/ledger': 'signedIn',
  'PATCH /api/tenancies/:id': 'admin',
  'POST /api/tenancies/:id/end': 'admin',
  'POST /api/tenancies/:id/deposit-return': 'admin',
  'GET /api/maintenance-requests': 'signedIn',
  'GET /api/maintenance-requests/:id': 'signedIn',
  'POST /api/maintenance-requests': 'signedIn',
  'PATCH /api/maintenance-requests/:id': 'admin',
  'GET /api/maintenance-requests/:id/photos/:n': 'signedIn',
  'GET /api/admin/stats': 'admin',
  'GET /api/admin/payments/summary': 'admin',
  'GET /api/admin/payments/export': 'admin',
  'POST /api/admin/tenancies/:id/payments': 'admin',
  'POST /api/admin/payments/:id/void': 'admin',
  'POST /api/admin/payments/:id/refund': 'admin',
  'GET /api/admin/rent-roll': 'admin',
  'GET /api/admin/rent-roll/export': 'admin',
  'GET /api/admin/audit-events': 'admin',
  'POST /api/buildings': 'admin',
  'PATCH /api/buildings/:id': 'admin',
  'DELETE /api/buildings/:id': 'admin',
  'GET /api/admin/buildings': 'admin',
  'GET /api/admin/buildings/:id': 'admin',
  'POST /api/rooms': 'admin',
  'PATCH /api/rooms/:id': 'admin',
  'DELETE /api/rooms/:id': 'admin',
  'POST /api/rooms/:id/photos': 'admin',
  'POST /api/reviews/:id/avatar': 'admin',
  'DELETE /api/reviews/:id/avatar': 'admin',
  'PATCH /api/rooms/:id/photos': 'admin',
  'DELETE /api/rooms/:id/photos/:photoId': 'admin',
  'GET /api/admin/rooms': 'admin',
  'GET /api/admin/rooms/:id': 'admin',
  'POST /api/reviews': 'admin',
  'PATCH /api/reviews/:id': 'admin',
  'DELETE /api/reviews/:id': 'admin',
  'GET /api/admin/reviews': 'admin',
  'GET /api/admin/reviews/:id': 'admin',
  'GET /media/*': 'public',
}

/** The typed client accepts only known literal paths; this test builds them. */
interface AnyPathClient {
  request(path: string, method: string): ApiRequest
}

function samplePath(pattern: string): string {
  return pattern.replace(/:\w+/g, '1').replace('*', 'rooms/none-640.jpg')
}

test.group('Route access', (group) => {
  isolateEachTest(group)

  test('every route declares the access level the specification gives it', ({ assert }) => {
    const routes = registeredRoutes()
    const declared = Object.fromEntries(routes.map((route) => [route.key, route.level]))
    assert.deepEqual(declared, EXPECTED)
  })

  test('anonymous, tenant and admin get what their role allows on every route', async ({
    client,
    assert,
  }) => {
    const tenant = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()

    for (const route of registeredRoutes()) {
      if (route.key === 'POST /api/auth/firebase-login') continue // its own credentials: auth.spec.ts
      if (route.key === 'POST /api/payments/webhook') continue // its own credentials: payments_webhook.spec.ts
      if (route.key === 'DELETE /api/me') continue // a fresh sign-in besides the session: my_data.spec.ts
      const path = samplePath(route.pattern)
      const call = () => (client as unknown as AnyPathClient).request(path, route.method).json({})

      const anonymous = (await call()).status()
      const asTenant = (await as(call(), tenant)).status()
      const asAdmin = (await as(call(), admin)).status()
      const what = `${route.key}: anonymous ${anonymous}, tenant ${asTenant}, admin ${asAdmin}`

      const granted = (status: number) => status !== 401 && status !== 403 && status < 500
      switch (route.level) {
        case 'public':
          assert.isTrue(granted(anonymous) && granted(asTenant) && granted(asAdmin), what)
          break
        case 'signedIn':
          assert.equal(anonymous, 401, what)
          assert.isTrue(granted(asTenant) && granted(asAdmin), what)
          break
        case 'admin':
          assert.equal(anonymous, 401, what)
          assert.equal(asTenant, 403, what)
          assert.isTrue(granted(asAdmin), what)
          break
        default:
          assert.fail(`${route.key} declares no access level`)
      }
    }
  })
})
