import { LANGS, expect, hydrated, test } from './fixtures'

const PAGES = ['/', '/listings', '/terms', '/privacy', '/cookies']

test('Arabic pages are right-to-left, English pages left-to-right', async ({ page, request }) => {
  const [room] = (await (await request.get('/api/rooms?_start=0&_end=1')).json()) as {
    id: number
  }[]
  const paths = [...PAGES, `/property/${room!.id}`]
  for (const lang of LANGS) {
    for (const path of paths) {
      await page.goto(`/${lang}${path === '/' ? '/' : path}`)
      await expect(page.locator('html'), `${lang}${path}`).toHaveAttribute('lang', lang)
      await expect(page.locator('html'), `${lang}${path}`).toHaveAttribute(
        'dir',
        lang === 'ar' ? 'rtl' : 'ltr'
      )
    }
  }
})

test('the language toggle switches the page and is remembered', async ({ page }) => {
  await page.goto('/en/listings?location=north&availability=true')
  await hydrated(page)
  await page.locator('[data-lang-switch="ar"]').click()
  await expect(page).toHaveURL(/\/ar\/listings\?location=north&availability=true$/)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  expect(await page.evaluate(() => localStorage.getItem('sakan.language'))).toBe('ar')

  // The unprefixed routes now open in Arabic: the server reads the choice from the cookie.
  const answer = await page.request.get('/listings?sort=priceAsc', { maxRedirects: 0 })
  expect(answer.status()).toBe(302)
  expect(answer.headers()['location']).toBe('/ar/listings?sort=priceAsc')
  await page.goto('/')
  await expect(page).toHaveURL(/\/ar\/$/)
  await page.goto('/listings?sort=priceAsc')
  await expect(page).toHaveURL(/\/ar\/listings\?sort=priceAsc$/)

  await page.locator('[data-lang-switch="en"]').click()
  await expect(page).toHaveURL(/\/en\/listings\?sort=priceAsc$/)
  await page.goto('/')
  await expect(page).toHaveURL(/\/en\/$/)
})

test.describe('a first visit follows the browser language', () => {
  test.use({ locale: 'ar-SA' })

  test('Arabic browser → Arabic pages', async ({ page, request }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/ar\/$/)
    const [room] = (await (await request.get('/api/rooms?_start=0&_end=1')).json()) as {
      id: number
    }[]
    await page.goto(`/property/${room!.id}`)
    await expect(page).toHaveURL(new RegExp(`/ar/property/${room!.id}$`))
  })
})

test('an English or unknown browser language gets English', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/en\/$/)
})

for (const lang of LANGS) {
  test(`unknown paths: 404 'Page Not Found' with the developer hint (${lang})`, async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 404/)
    const response = await page.goto(`/${lang}/no/such/page`)
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle(lang === 'ar' ? /الصفحة غير موجودة/ : /Page Not Found/)
    await expect(page.locator('h1')).toHaveText(
      lang === 'ar' ? 'الصفحة غير موجودة' : 'Page Not Found'
    )
    await expect(page.locator('.not-found-hint')).toContainText(`/${lang}/no/such/page`)
    await expect(page.locator('.not-found-hint')).toContainText('404')
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr')
  })
}

test.describe('an unprefixed unknown path', () => {
  test.use({ locale: 'ar-SA' })

  test('answers 404 in the visitor’s language', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/)
    const response = await page.goto('/nope')
    expect(response?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
    await expect(page.locator('h1')).toHaveText('الصفحة غير موجودة')
  })
})

test('legal pages exist in both languages and say they await legal review', async ({ page }) => {
  for (const lang of LANGS) {
    for (const path of ['/terms', '/privacy', '/cookies']) {
      const response = await page.goto(`/${lang}${path}`)
      expect(response?.status()).toBe(200)
      await expect(page.locator('.legal-review')).toBeVisible()
    }
  }
  await page.goto('/en/privacy')
  await expect(page.locator('.legal-body')).toContainText('ID document')
})

test('sitemap.xml (an index of files) and robots.txt', async ({ request }) => {
  const index = await (await request.get('/sitemap.xml')).text()
  expect(index).toContain('<sitemapindex')
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname
  )
  expect(files).toEqual(expect.arrayContaining(['/sitemaps/pages.xml', '/sitemaps/rooms-1.xml']))
  const pages = await (await request.get('/sitemaps/pages.xml')).text()
  expect(pages).toContain('<urlset')
  expect(pages).toMatch(/\/ar\/listings<\/loc>/)
  const sitemap = await (await request.get('/sitemaps/rooms-1.xml')).text()
  expect(sitemap).toContain('<urlset')
  expect(sitemap).toMatch(/\/ar\/property\/\d+<\/loc>/)
  expect(sitemap).toContain('hreflang="x-default"')
  expect((await request.get('/sitemaps/rooms-999.xml')).status()).toBe(404)
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain('Sitemap:')
})
