import { test } from '@japa/runner'

/* The API's headers come from the same policy as the pages' (server/security_headers.ts). */
test.group('API security headers', () => {
  for (const [path, status] of [
    ['/api/nope', 404],
    ['/api/health', 200],
    ['/media/rooms/nope.jpg', 404],
  ] as const) {
    test(`${path} answers ${status} with the API's policy`, async ({ client, assert }) => {
      const response = await client.get(path)
      response.assertStatus(status)
      assert.equal(
        response.header('content-security-policy'),
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
      )
      assert.equal(response.header('x-content-type-options'), 'nosniff')
      assert.equal(response.header('referrer-policy'), 'strict-origin-when-cross-origin')
      assert.include(response.header('permissions-policy') ?? '', 'camera=()')
      assert.include(response.header('permissions-policy') ?? '', 'geolocation=()')
      assert.equal(response.header('cross-origin-opener-policy'), 'same-origin')
      assert.equal(response.header('x-frame-options'), 'DENY')
      /* Not production (NODE_ENV=test): HTTPS is not assumed. */
      assert.isUndefined(response.header('strict-transport-security'))
    })
  }
})
