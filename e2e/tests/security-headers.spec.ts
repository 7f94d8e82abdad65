/**
 * Security headers on every kind of response of the product, no source maps in the
 * builds, and the server-side redirect of unprefixed public URLs.
 */
import type { APIResponse } from '@playwright/test'
import { expect, test } from './fixtures'

function expectCommonHeaders(response: APIResponse, what: string) {
  const headers = response.headers()
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy'], what).toContain('camera=()')
  expect(headers['x-frame-options'], what).toBe('DENY')
  expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'")
  expect(headers['content-security-policy'], what).not.toMatch(/script-src[^;]*'unsafe-inline'/)
}

test('a public page, an account page, a site 404, an API 404 and static assets', async ({
  request,
}) => {
  const page = await request.get('/en/')
  expect(page.status()).toBe(200)
  expectCommonHeaders(page, '/en/')
  const sitePolicy = page.headers()['content-security-policy']!
  expect(sitePolicy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
  expect(sitePolicy).toContain("object-src 'none'")
  expect(sitePolicy).toContain("base-uri 'self'")
  expect(page.headers()['cross-origin-opener-policy']).toBe('same-origin')

  const login = await request.get('/login')
  expect(login.status()).toBe(200)
  expectCommonHeaders(login, '/login')
  expect(login.headers()['content-security-policy']).toMatch(
    // Itself, the identity provider (or its emulator) and the card gateway's origin only.
    /connect-src 'self' (http:\/\/127\.0\.0\.1:\d+|https:\/\/identitytoolkit\.googleapis\.com https:\/\/securetoken\.googleapis\.com) (http:\/\/127\.0\.0\.1:\d+|https:\/\/api\.moyasar\.com);/
  )

  const notFound = await request.get('/en/nope')
  expect(notFound.status()).toBe(404)
  expectCommonHeaders(notFound, '/en/nope')

  const apiNotFound = await request.get('/api/nope')
  expect(apiNotFound.status()).toBe(404)
  expectCommonHeaders(apiNotFound, '/api/nope')
  expect(apiNotFound.headers()['content-security-policy']).toContain("default-src 'none'")

  const html = await page.text()
  const asset = /<script type="module" src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1]
  expect(asset, 'a bundled script on the home page').toBeTruthy()
  for (const path of [asset!, '/favicon.svg']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expectCommonHeaders(response, path)
  }
})

test('the builds publish no source maps', async ({ request }) => {
  const site = await (await request.get('/en/')).text()
  const account = await (await request.get('/login')).text()
  const scripts = [
    /<script type="module" src="(\/_astro\/[^"]+\.js)"/.exec(site)?.[1],
    /<script type="module" crossorigin src="(\/_app\/[^"]+\.js)"/.exec(account)?.[1],
  ]
  for (const script of scripts) {
    expect(script, 'a bundled script').toBeTruthy()
    const code = await (await request.get(script!)).text()
    expect(code, script).not.toContain('sourceMappingURL')
    expect((await request.get(`${script}.map`)).status(), `${script}.map`).toBe(404)
  }
})

test.describe('unprefixed public URLs are redirected by the server', () => {
  test('302 by the stored choice, then Accept-Language, keeping path and query', async ({
    request,
  }) => {
    const stored = await request.get('/listings?sort=priceAsc&location=north', {
      maxRedirects: 0,
      headers: { Cookie: 'sakan.language=ar', 'Accept-Language': 'en-US' },
    })
    expect(stored.status()).toBe(302)
    expect(stored.headers()['location']).toBe('/ar/listings?sort=priceAsc&location=north')
    expect(stored.headers()['vary']).toBe('Cookie, Accept-Language')
    expect(stored.headers()['cache-control']).toBe('private, no-store')

    const browser = await request.get('/terms', {
      maxRedirects: 0,
      headers: { 'Accept-Language': 'ar-SA,ar;q=0.9,en;q=0.5' },
    })
    expect(browser.status()).toBe(302)
    expect(browser.headers()['location']).toBe('/ar/terms')

    const fallback = await request.get('/', {
      maxRedirects: 0,
      headers: { 'Accept-Language': 'fr-FR' },
    })
    expect(fallback.status()).toBe(302)
    expect(fallback.headers()['location']).toBe('/en/')
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false, locale: 'ar-SA' })

    test('a shared room link opens the same room, in her language', async ({ page, request }) => {
      const [room] = (await (await request.get('/api/rooms?_start=0&_end=1')).json()) as {
        id: number
      }[]
      await page.goto(`/property/${room!.id}?ref=share`)
      await expect(page).toHaveURL(new RegExp(`/ar/property/${room!.id}\\?ref=share$`))
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
    })
  })
})
