import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { rateLimitedGroup } from '#tests/helpers'

rateLimitedGroup('Newsletter: POST /api/newsletter', () => {
  test('a new and a known address get the same answer, so nobody learns who subscribed', async ({
    client,
    assert,
  }) => {
    for (const [locale, message] of [
      ['en', 'Thank you! You are subscribed to Sakan news.'],
      ['ar', 'شكرًا لك! تم اشتراكك في نشرة سكن.'],
    ] as const) {
      const address = `reader-${locale}@example.com`
      const post = (email: string) =>
        client.post('/api/newsletter').header('x-locale', locale).json({ email })
      const fresh = await post(address)
      const known = await post(` ${address.toUpperCase()} `)
      assert.deepEqual(
        [fresh.status(), fresh.body()],
        [known.status(), known.body()],
        'new and known answer alike'
      )
      fresh.assertStatus(200)
      assert.deepEqual(fresh.body(), { message })
      const rows = await db.from('newsletter_subscriptions').where('email', address)
      assert.lengthOf(rows, 1)
      assert.equal(rows[0].locale, locale)
    }
  })
})
