import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { LOCALES } from '@sakan/common'
import env from '#start/env'

const origin = `http://${env.get('HOST', '127.0.0.1')}:${env.get('PORT', 3000)}`

test.group('The caller’s language (@adonisjs/i18n over common/locales)', () => {
  test('Accept-Language: the first supported language as written, whatever its weight', async ({
    client,
  }) => {
    const cases: Array<[string, string]> = [
      ['ar;q=0.1, en;q=0.9', 'المورد غير موجود'],
      ['fr-FR, AR-sa;q=0.5', 'المورد غير موجود'],
      ['en-GB, ar', 'Resource not found'],
      ['fr, de', 'Resource not found'],
    ]
    for (const [accepted, message] of cases) {
      const response = await client.get('/api/nope').header('accept-language', accepted)
      response.assertStatus(404)
      response.assertBody({ message })
    }
  })

  test('{title}')
    .with([
      {
        title: 'an explicit X-Locale wins over Accept-Language',
        headers: { 'accept-language': 'ar', 'x-locale': 'en' },
        message: 'Resource not found',
      },
      {
        title: 'an unsupported X-Locale falls back to Accept-Language',
        headers: { 'x-locale': 'fr', 'accept-language': 'ar' },
        message: 'المورد غير موجود',
      },
    ])
    .run(async ({ client }, { headers, message }) => {
      const response = await client.get('/api/nope').headers(headers)
      response.assertBody({ message })
    })

  test('numbers in validation messages are written in the locale digits, without grouping', async ({
    client,
  }) => {
    for (const [locale, message] of [
      ['en', 'The page end field must not be greater than 1000000000'],
      ['ar', 'يجب ألا يزيد حقل نهاية الصفحة عن ١٠٠٠٠٠٠٠٠٠'],
    ]) {
      const response = await client
        .get('/api/rooms')
        .qs({ _end: '1000000001' })
        .header('x-locale', locale)
      response.assertStatus(422)
      response.assertBody({ message, errors: [{ field: '_end', rule: 'max', message }] })
    }
  })

  test('a body the framework refuses is answered in her language, not in the parser’s English', async ({
    assert,
  }) => {
    /*
     * Found by fuzz_routes.spec.ts: the first two answered "Invalid JSON, only supports object
     * and array" or the JSON parser's own English; a body that is not the gzip it claims, a 500.
     */
    const cases: Array<[string, Record<string, string>, number, string, string]> = [
      ['{"email":', {}, 400, 'The request could not be understood', 'تعذّر فهم الطلب'],
      ['"text"', {}, 422, 'The data sent is not valid', 'البيانات المرسلة غير صالحة'],
      [
        '{"email":"a@example.com"}',
        { 'content-encoding': 'gzip' },
        400,
        'The request could not be understood',
        'تعذّر فهم الطلب',
      ],
    ]
    for (const [body, headers, status, english, arabic] of cases) {
      for (const [locale, message] of [
        ['en', english],
        ['ar', arabic],
      ]) {
        const response = await fetch(`${origin}/api/newsletter`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': locale, ...headers },
          body,
        })
        assert.equal(response.status, status, body)
        assert.deepEqual(await response.json(), { message }, body)
      }
    }
  })

  test('a URL that does not decode is refused in the error shape, in her language', async ({
    assert,
  }) => {
    /* Found by fuzz_routes.spec.ts: the framework answered a plain-text "Bad Request". */
    for (const path of ['/media/%FF', '/api/images/%C3%28', '/api/rooms/%E0%A4%A']) {
      for (const [locale, message] of [
        ['en', 'The request could not be understood'],
        ['ar', 'تعذّر فهم الطلب'],
      ]) {
        const response = await fetch(`${origin}${path}`, { headers: { 'accept-language': locale } })
        assert.equal(response.status, 400, path)
        assert.deepEqual(await response.json(), { message }, path)
      }
    }
  })

  test('every key of the API catalogue loads in every locale', async ({ assert }) => {
    const english = Object.keys(i18nManager.getTranslationsFor('en')).sort()
    assert.include(english, 'errors.notFound')
    assert.include(english, 'validator.shared.messages.required')
    assert.include(english, 'validator.shared.fields._end')
    for (const locale of LOCALES) {
      assert.deepEqual(Object.keys(i18nManager.getTranslationsFor(locale)).sort(), english, locale)
    }
  })
})
