import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { LOCALES } from '@sakan/common'

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
