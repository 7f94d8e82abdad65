import {
  LANGS,
  apiRooms,
  breakRoomPhotos,
  cardPrices,
  expect,
  expectMenuOpensAndEscapes,
  expectPhotoPlaceholder,
  expectResultsCount,
  expectedOnceShown,
  hydrated,
  resultsShown,
  test,
} from './fixtures'

for (const lang of LANGS) {
  test.describe(`home (${lang})`, () => {
    test('renders featured rooms and the quick search in the HTML; its island waits for an idle page', async ({
      page,
    }) => {
      // The quick search is a React island: in the served HTML before any script
      // runs, hydrated only once the page is idle, never by a script that blocks the paint.
      const html = await (await page.request.get(`/${lang}/`)).text()
      expect(html).toMatch(
        /<astro-island\b[^>]*\bclient="idle"[^>]*>\s*<form[^>]*data-quick-search/
      )
      expect(html).not.toMatch(
        /<script(?![^>]*\b(?:type="module"|async|defer|type="application\/ld\+json"))[^>]*\bsrc=/
      )
      await page.goto(`/${lang}/`)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.locator('astro-island')).toHaveCount(1)
      await hydrated(page)
      const featured = await apiRooms(page.request, 'featured=true&_start=0&_end=3')
      await expect(
        page.locator('[data-featured-rooms] > li:not([hidden]) [data-room-card]')
      ).toHaveCount(Math.min(3, featured.rooms.length))
    })

    test('featured rooms: available ones first, live, never an occupied one before a free one', async ({
      page,
    }) => {
      // The API's featured list puts available rooms first, whatever the sort.
      const live = (await apiRooms(page.request, 'featured=true&sort=newest&_start=0&_end=100'))
        .rooms
      const flags = live.map((room) => room.availability)
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)))

      await page.goto(`/${lang}/`)
      const list = page.locator('[data-featured-rooms]')
      const visible = list.locator('li:not([hidden]) [data-room-card]')
      const availability = new Map(live.map((room) => [String(room.id), room.availability]))
      const rendered = await list
        .locator('[data-room-card]')
        .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.roomId ?? ''))
      const availableRendered = rendered.filter((id) => availability.get(id) === true).length
      const expectedFree = Math.min(3, availableRendered)
      // Once the live data is in, the visible cards are the free rooms first.
      await expect
        .poll(async () =>
          (
            await visible.evaluateAll((cards) =>
              cards.map((card) => (card as HTMLElement).dataset.roomId ?? '')
            )
          ).map((id) => availability.get(id) === true)
        )
        .toEqual(Array.from({ length: Math.min(3, rendered.length) }, (_, i) => i < expectedFree))
      const occupied = lang === 'ar' ? 'مشغولة' : 'Occupied'
      for (const card of await visible.all()) {
        const free = availability.get((await card.getAttribute('data-room-id')) ?? '') === true
        await expect(card.locator('[data-live-availability]')).toHaveClass(
          free ? /badge-available/ : /badge-occupied/
        )
        if (free) await expect(card).not.toContainText(occupied)
      }
    })

    test('a photo that fails to load shows the placeholder, not a broken image', async ({
      page,
      consoleGuard,
    }) => {
      await breakRoomPhotos(page, consoleGuard)
      await page.goto(`/${lang}/`)
      const card = page.locator('[data-featured-rooms] li:not([hidden]) [data-room-card]').first()
      await card.scrollIntoViewIfNeeded()
      await expectPhotoPlaceholder(card, lang)
      await expect(card.locator('.room-card-media img')).not.toHaveAttribute('srcset', /./)
    })

    test('quick search lands on listings with the query and its results', async ({ page }) => {
      await page.goto(`/${lang}/`)
      const form = page.locator('[data-quick-search]')
      await form.locator('select[name="location"]').selectOption('north')
      await form.locator('select[name="band"]').selectOption('midrange')
      await form.locator('select[name="amenities"]').selectOption('security')
      await form.locator('button[type="submit"]').click()

      await expect(page).toHaveURL(
        new RegExp(
          `/${lang}/listings\\?location=north&priceMin=1000&priceMax=2000&amenities=security&availability=true$`
        )
      )
      const expected = await expectedOnceShown(
        page,
        'location=north&priceMin=1000&priceMax=2000&amenities=security&availability=true&sort=newest&_start=0&_end=12'
      )
      const prices = await cardPrices(page)
      expect(prices).toEqual(expected.rooms.map((room) => room.price))
      for (const price of prices) expect(price).toBeGreaterThanOrEqual(1000)
      for (const price of prices) expect(price).toBeLessThanOrEqual(2000)
      await expectResultsCount(page, expected.total)
      // The panel shows the search it came with.
      await expect(page.locator('[data-filter-form] select[name="location"]')).toHaveValue('north')
    })

    test('a luxury search has no upper price bound', async ({ page }) => {
      await page.goto(`/${lang}/`)
      await page.locator('select[name="band"]').selectOption('luxury')
      await page.locator('[data-quick-search] button[type="submit"]').click()
      await expect(page).toHaveURL(
        new RegExp(`/${lang}/listings\\?priceMin=3000&availability=true$`)
      )
      await resultsShown(page)
      for (const price of await cardPrices(page)) expect(price).toBeGreaterThanOrEqual(3000)
    })

    test('FAQ: five questions, one open at a time, collapsible, without scripts', async ({
      page,
    }) => {
      await page.goto(`/${lang}/`)
      const items = page.locator('details[name="faq"]')
      await expect(items).toHaveCount(5)
      await items.nth(2).locator('summary').click()
      await expect(items.nth(2)).toHaveAttribute('open', '')
      await expect(page.locator('details[name="faq"][open]')).toHaveCount(1)
      await items.nth(2).locator('summary').click()
      await expect(page.locator('details[name="faq"][open]')).toHaveCount(0)
    })

    test('testimonials come from featured reviews (or the three fallbacks)', async ({ page }) => {
      await page.goto(`/${lang}/`)
      const response = await page.request.get('/api/reviews?featured=true')
      const reviews = (await response.json()) as unknown[]
      const cards = page.locator('[data-testimonials] > li')
      await expect(cards).toHaveCount(reviews.length > 0 ? Math.min(6, reviews.length) : 3)
    })

    test('newsletter: invalid address, then a clear confirmation, the same for a known address', async ({
      page,
    }) => {
      await page.goto(`/${lang}/`)
      const form = page.locator('[data-newsletter]')
      const status = form.locator('[data-newsletter-status]')
      await form.locator('input[type="email"]').fill('not-an-email')
      await form.locator('button[type="submit"]').click()
      await expect(status).toHaveAttribute('data-tone', 'error')
      const email = `e2e-${lang}-${Date.now()}@example.com`
      await form.locator('input[type="email"]').fill(email)
      await form.locator('button[type="submit"]').click()
      await expect(status).toHaveAttribute('data-tone', 'success')
      const first = await status.textContent()
      await form.locator('input[type="email"]').fill(email)
      await form.locator('button[type="submit"]').click()
      await expect(status).toHaveAttribute('data-tone', 'success')
      /* The API does not tell a known address from a new one. */
      await expect(status).toHaveText(first ?? '')
    })

    test('header: links, Log In / Sign Up, shadow after 50 px', async ({ page }) => {
      await page.goto(`/${lang}/`)
      const header = page.locator('[data-site-header]')
      await expect(header.locator('[data-auth-slot] a[href="/login"]')).toBeVisible()
      await expect(header.locator('[data-auth-slot] a[href="/register"]')).toBeVisible()
      await expect(header.locator('a[data-nav-key="listings"]')).toHaveAttribute(
        'href',
        `/${lang}/listings`
      )
      await expect(header).not.toHaveAttribute('data-scrolled')
      await page.mouse.wheel(0, 400)
      await expect(header).toHaveAttribute('data-scrolled', '')
      await page.evaluate(() => window.scrollTo(0, 0))
      await expect(header).not.toHaveAttribute('data-scrolled')
      await expect(page.locator('footer #contact')).toHaveCount(1)
    })
  })
}

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the mobile menu opens, closes with Escape, and closes on navigation', async ({ page }) => {
    await page.goto('/ar/')
    const { toggle, nav } = await expectMenuOpensAndEscapes(page)
    await toggle.click()
    await nav.locator('a[data-nav-key="contact"]').click()
    await expect(nav).toBeHidden()
    await expect(page).toHaveURL(/#contact$/)
    await toggle.click()
    await nav.locator('a[data-nav-key="listings"]').click()
    await expect(page).toHaveURL(/\/ar\/listings$/)
    await hydrated(page)
    await expect(page.locator('#site-nav')).toBeHidden()
  })
})
