/**
 * The public catalogue's pages as a CDN sees them: served from rendered bytes with
 * caching headers a CDN can use, a strong ETag and Last-Modified, 304 to a matching
 * If-None-Match, compressed; the unprefixed redirects stay private.
 */
import { expect, test } from './fixtures'

const PAGES = ['/en/', '/ar/', '/en/listings', '/ar/listings', '/en/property/1', '/ar/property/1']

test('home, listings and a room: CDN caching, validators and 304s, in both languages', async ({
  request,
}) => {
  for (const path of [...PAGES, '/sitemap.xml']) {
    const response = await request.get(path, { headers: { 'accept-encoding': 'br' } })
    expect(response.status(), path).toBe(200)
    const headers = response.headers()
    expect(headers['cache-control'], path).toMatch(
      /^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/
    )
    expect(headers['vary'], path).toBe('Accept-Encoding')
    expect(headers['content-encoding'], path).toBe('br')
    expect(headers['etag'], path).toMatch(/^"[\w-]+"$/)
    expect(Date.parse(headers['last-modified'] ?? ''), path).not.toBeNaN()
    if (path !== '/sitemap.xml') {
      expect(headers['content-language'], path).toBe(path.slice(1, 3))
    }

    const again = await request.get(path, {
      headers: { 'accept-encoding': 'br', 'if-none-match': headers['etag']! },
    })
    expect(again.status(), `${path} revalidated`).toBe(304)
    expect((await again.body()).length).toBe(0)
  }
})

test('an unknown room is a 404 that no one keeps; the redirects stay private', async ({
  request,
}) => {
  const missing = await request.get('/en/property/987654321')
  expect(missing.status()).toBe(404)
  expect(missing.headers()['cache-control']).toBe('no-store')

  const redirect = await request.get('/listings', { maxRedirects: 0 })
  expect(redirect.status()).toBe(302)
  expect(redirect.headers()['cache-control']).toBe('private, no-store')
})
