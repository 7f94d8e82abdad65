import { test } from '@japa/runner'
import { rateLimitedGroup } from '#tests/helpers'
import { Browser } from '#tests/http'

rateLimitedGroup('X-Forwarded-For without TRUST_PROXY', () => {
  test('a rotated, spoofed X-Forwarded-For does not escape the per-address limit', async ({
    assert,
  }) => {
    const browser = new Browser()
    /* A caller on loopback (a "private hop" the old rule trusted) claims a new address each time. */
    const attempt = (count: number) =>
      browser.request('POST', '/api/auth/firebase-login', {
        headers: { 'x-forwarded-for': `203.0.113.${count % 250}, 10.0.0.${count % 250}` },
        body: { uid: `account-${count}`, email: 'x@example.com' },
      })
    const statuses: number[] = []
    for (let count = 0; count < 61; count++) statuses.push((await attempt(count)).status)
    assert.notInclude(statuses.slice(0, 60), 429)
    assert.equal(statuses[60], 429, 'the 61st sync from one real address is refused')
  })
})
