import { execSync } from 'node:child_process'
import {
  LANGS,
  apiRooms,
  breakRoomPhotos,
  cardIds,
  cardPrices,
  expect,
  expectPhotoPlaceholder,
  expectResultsCount,
  expectToggleOpens,
  expectedOnceShown,
  resultsShown,
  test,
} from './fixtures'

/** What the listing page shows while it loads, sampled every frame from before its first paint. */
interface FirstPaint {
  /** Each text the result count showed while visible, in order. */
  counts: string[]
  /** Each room whose card content showed first in the grid, in order. */
  firstCards: number[]
  /** Each place (x, y) of the first three card slots, by slot. */
  slots: string[][]
  /** The page's cumulative layout shift (Layout Instability API). */
  shift: number
  /** What moved, for the failure message: `value @time: element (from → to)`. */
  shifts: string[]
}

declare global {
  interface Window {
    __firstPaint: FirstPaint
  }
}

function recordFirstPaint(): void {
  const record: FirstPaint = {
    counts: [],
    firstCards: [],
    slots: [[], [], []],
    shift: 0,
    shifts: [],
  }
  window.__firstPaint = record
  const box = (rect: DOMRectReadOnly) =>
    `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`
  const nameOf = (node: Node | null) =>
    node instanceof Element
      ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).trim().replace(/\s+/g, '.')}` : ''}`
      : String(node?.nodeName)
  type Shift = PerformanceEntry & {
    value: number
    sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      record.shift += entry.value
      const moved = entry.sources.map(
        (source) =>
          `${nameOf(source.node)} (${box(source.previousRect)} → ${box(source.currentRect)})`
      )
      record.shifts.push(
        `${entry.value.toFixed(4)} @${Math.round(entry.startTime)} ms: ${moved.join('; ')}`
      )
    }
  }).observe({ type: 'layout-shift', buffered: true })
  const push = <T>(list: T[], value: T) => {
    if (list.at(-1) !== value) list.push(value)
  }
  const sample = () => {
    const count = document.querySelector('[data-results-count]')
    if (count?.checkVisibility({ visibilityProperty: true }))
      push(record.counts, count.textContent ?? '')
    const first = document.querySelector<HTMLElement>('.results .room-grid [data-room-card]')
    if (first?.querySelector('.room-card-title')?.checkVisibility({ visibilityProperty: true }))
      push(record.firstCards, Number(first.dataset.roomId))
    document.querySelectorAll('.results .room-grid > li').forEach((slot, index) => {
      if (index > 2) return
      const box = slot.getBoundingClientRect()
      push(record.slots[index]!, `${Math.round(box.x)},${Math.round(box.y)}`)
    })
    requestAnimationFrame(sample)
  }
  requestAnimationFrame(sample)
}

for (const lang of LANGS) {
  test.describe(`listings (${lang})`, () => {
    test('shows the available rooms, newest first, with room content in the HTML', async ({
      page,
    }) => {
      const response = await page.request.get(`/${lang}/listings`)
      const html = await response.text()
      expect(html).toContain('data-room-card')
      await page.goto(`/${lang}/listings`)
      const expected = await expectedOnceShown(
        page,
        'availability=true&sort=newest&_start=0&_end=12'
      )
      expect(await cardIds(page)).toEqual(expected.rooms.map((room) => room.id))
      await expectResultsCount(page, expected.total)
      const firstCard = page.locator('[data-results] [data-room-card]').first()
      await expect(firstCard.locator('.room-card-amenities .chip').first()).toBeVisible()
      expect(await firstCard.locator('.room-card-amenities > li').count()).toBeLessThanOrEqual(4)
      await expect(firstCard.locator('.room-card-title a')).toHaveAttribute(
        'href',
        new RegExp(`^/${lang}/property/\\d+$`)
      )
    })

    test('first paint shows the live rooms and count: nothing stale, nothing moves', async ({
      page,
    }) => {
      // E2E_ADD_ROOM: a shell command that adds a room to the running API's database.
      test.skip(!process.env.E2E_ADD_ROOM, 'set E2E_ADD_ROOM to a command that adds a room')
      const built = await page.request.get(`/${lang}/listings`)
      const html = await built.text()
      const builtTotal = Number(/data-results-count="(\d+)"/.exec(html)?.[1])
      // A room listed after the build, the newest: it heads the live list, the page's HTML is behind.
      const query = 'availability=true&sort=newest&_start=0&_end=1'
      const before = await apiRooms(page.request, query)
      execSync(`${process.env.E2E_ADD_ROOM!} --listed-now`, { stdio: 'inherit' })
      const live = await apiRooms(page.request, query)
      expect(live.total).toBe(before.total + 1)
      expect(live.total).not.toBe(builtTotal)
      expect(html).not.toContain(`data-room-id="${live.rooms[0]!.id}"`)

      /* The page as it was built, before those rooms: the page cache renders it again within a
         second or so of a change, and this test is of the page that is still behind. */
      const {
        'content-encoding': _encoding,
        'content-length': _length,
        ...headers
      } = built.headers()
      await page.route(`**/${lang}/listings`, (route) =>
        route.fulfill({ status: built.status(), headers, body: html })
      )
      // The live rooms arrive late, as on a slow network.
      await page.route('**/api/rooms?*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500))
        await route.continue()
      })
      await page.addInitScript(recordFirstPaint)
      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      await expectResultsCount(page, live.total)
      await expect(page.locator('[data-results-count]')).toBeVisible()
      /* The record is sampled once a frame: read it after a whole frame has passed with the
         live results shown, not before the frame that paints them. */
      const shown = await page.evaluate(
        () =>
          new Promise<FirstPaint>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__firstPaint)))
          )
      )
      const count = await page.locator('[data-results-count]').textContent()
      expect(shown.counts, 'the count shown from the first paint on').toEqual([count])
      expect(shown.firstCards, 'the first room shown from the first paint on').toEqual([
        live.rooms[0]!.id,
      ])
      for (const [index, places] of shown.slots.entries())
        expect(places, `the places of card ${index + 1}`).toHaveLength(1)
      expect(shown.shift, `cumulative layout shift:\n${shown.shifts.join('\n')}`).toBeLessThan(0.01)
    })

    test('a current built list shows as soon as the live rooms agree, before the island', async ({
      page,
    }) => {
      // The page cache renders the page again when its rooms change: wait until it has.
      const live = await apiRooms(page.request, 'availability=true&sort=newest&_start=0&_end=12')
      await expect
        .poll(async () => {
          const html = await (await page.request.get(`/${lang}/listings`)).text()
          return Number(/data-results-count="(\d+)"/.exec(html)?.[1])
        })
        .toBe(live.total)
      // React never arrives, and time stands still: neither the island nor the 3 s fallback shows it.
      await page.route(/\/_astro\/client\.[\w-]+\.js$/, () => {})
      await page.clock.install()
      await page.goto(`/${lang}/listings`)
      await expect(page.locator('html')).not.toHaveClass(/listing-pending/)
      await expect(page.locator('.results')).not.toHaveAttribute('data-started')
      expect(await cardIds(page)).toEqual(live.rooms.map((room) => room.id))
      await expect(
        page.locator('[data-results] [data-room-card] .room-card-title').first()
      ).toBeVisible()
      await expect(page.locator('[data-results-count]')).toBeVisible()
    })

    test('filters apply only on Apply; Clear resets the panel and applies the reset', async ({
      page,
    }) => {
      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      const before = await cardIds(page)
      const form = page.locator('[data-filter-form]')

      await form.locator('select[name="location"]').selectOption('central')
      await form.locator('input[name="amenities"][value="wifi"]').check()
      await form.locator('input[name="features"][value="desk"]').check()
      // Nothing happens before Apply.
      await expect(page).toHaveURL(new RegExp(`/${lang}/listings$`))
      expect(await cardIds(page)).toEqual(before)

      await form.locator('[data-filter-apply]').click()
      await expect(page).toHaveURL(
        /\?location=central&amenities=wifi&features=desk&availability=true$/
      )
      const filtered = await expectedOnceShown(
        page,
        'location=central&amenities=wifi&features=desk&availability=true&sort=newest&_start=0&_end=12'
      )
      expect(await cardIds(page)).toEqual(filtered.rooms.map((room) => room.id))
      for (const room of filtered.rooms) {
        expect(room.building.zone).toBe('central')
        expect(room.building.amenities).toContain('wifi')
        expect(room.features).toContain('desk')
      }

      // The price slider, by keyboard: raise the minimum to 1,000, lower the maximum to 3,000.
      const min = form.locator('input[data-price-min]')
      await min.focus()
      for (let i = 0; i < 5; i++)
        await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight')
      await expect(min).toHaveValue('1000')
      const max = form.locator('input[data-price-max]')
      await max.focus()
      for (let i = 0; i < 5; i++)
        await page.keyboard.press(lang === 'ar' ? 'ArrowRight' : 'ArrowLeft')
      await expect(max).toHaveValue('3000')
      await form.locator('input[name="availability"]').uncheck()
      await form.locator('[data-filter-apply]').click()
      await expect(page).toHaveURL(
        /\?location=central&priceMin=1000&priceMax=3000&amenities=wifi&features=desk&availability=any$/
      )
      await resultsShown(page)
      for (const price of await cardPrices(page)) {
        expect(price).toBeGreaterThanOrEqual(1000)
        expect(price).toBeLessThanOrEqual(3000)
      }

      await form.locator('[data-filter-clear]').click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/listings\\?availability=true$`))
      await resultsShown(page)
      await expect(form.locator('select[name="location"]')).toHaveValue('')
      await expect(form.locator('input[data-price-min]')).toHaveValue('500')
      await expect(form.locator('input[data-price-max]')).toHaveValue('3500')
      await expect(form.locator('input[name="availability"]')).toBeChecked()
      await expect(form.locator('input[name="amenities"]:checked')).toHaveCount(0)
      await expect(form.locator('input[name="features"]:checked')).toHaveCount(0)
      expect(await cardIds(page)).toEqual(before)
    })

    test('sort changes the order', async ({ page }) => {
      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      const sort = page.locator('select[data-sort]')
      await expect(sort).toHaveValue('newest')

      await sort.selectOption('priceAsc')
      await expect(page).toHaveURL(/sort=priceAsc$/)
      await resultsShown(page)
      const ascending = await cardPrices(page)
      expect(ascending.length).toBeGreaterThan(1)
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
      const cheapest = await apiRooms(
        page.request,
        'availability=true&sort=priceAsc&_start=0&_end=12'
      )
      expect(ascending).toEqual(cheapest.rooms.map((room) => room.price))

      await sort.selectOption('priceDesc')
      await expect(page).toHaveURL(/sort=priceDesc$/)
      await resultsShown(page)
      const descending = await cardPrices(page)
      expect(descending).toEqual([...descending].sort((a, b) => b - a))
      expect(descending[0]).toBeGreaterThan(ascending[0]!)
    })

    test('the URL is shareable: opening it shows the same filtered results', async ({ page }) => {
      await page.goto(
        `/${lang}/listings?location=north&priceMax=2500&sort=priceAsc&availability=true`
      )
      const expected = await expectedOnceShown(
        page,
        'location=north&priceMax=2500&availability=true&sort=priceAsc&_start=0&_end=12'
      )
      expect(await cardIds(page)).toEqual(expected.rooms.map((room) => room.id))
      await expect(page.locator('[data-filter-form] select[name="location"]')).toHaveValue('north')
      await expect(page.locator('select[data-sort]')).toHaveValue('priceAsc')
    })

    test('no results: the sad emoji, the message, and a way back', async ({ page }) => {
      // No room costs 900,000 SAR a month.
      await page.goto(`/${lang}/listings?priceMin=900000&availability=true`)
      await resultsShown(page)
      const empty = page.locator('[data-empty]')
      await expect(empty).toBeVisible()
      await expect(empty).toContainText('😢')
      await empty.locator('button').click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/listings\\?availability=true$`))
      await resultsShown(page)
      await expect(page.locator('[data-results] [data-room-card]').first()).toBeVisible()
    })

    test('desktop cards keep "/ month" on the line of the price', async ({ page }) => {
      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      const prices = page.locator('[data-results] [data-room-card] .room-card-price')
      expect(await prices.count()).toBeGreaterThan(0)
      for (const price of await prices.all()) {
        const unit = price.locator('small')
        await expect(unit).toHaveText(lang === 'ar' ? '/ شهريًا' : '/ month')
        const amount = (await price.locator('span').first().boundingBox())!
        const unitBox = (await unit.boundingBox())!
        // On the same line: "/ month" starts above the amount's bottom edge.
        expect(unitBox.y).toBeLessThan(amount.y + amount.height)
      }
    })

    test('a photo that fails to load shows the placeholder, not a broken image', async ({
      page,
      consoleGuard,
    }) => {
      await breakRoomPhotos(page, consoleGuard)
      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      const cards = page.locator('[data-results] [data-room-card]')
      expect(await cards.count()).toBeGreaterThan(0)
      for (const card of (await cards.all()).slice(0, 3)) {
        await card.scrollIntoViewIfNeeded()
        await expectPhotoPlaceholder(card, lang)
      }
    })

    test('shows six skeleton cards while loading, then more results by paging', async ({
      page,
    }) => {
      const total = (await apiRooms(page.request, 'sort=newest&_start=0&_end=1')).total
      /* The page asks for the live rooms before its load event: slow enough to be seen loading. */
      await page.route('**/api/rooms?*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2000))
        await route.continue()
      })
      await page.goto(`/${lang}/listings?availability=any`, { waitUntil: 'domcontentloaded' })
      await expect(page.locator('[data-skeleton]')).toHaveCount(6)
      await resultsShown(page)
      await page.unroute('**/api/rooms?*')
      await expect(page.locator('[data-results] [data-room-card]')).toHaveCount(Math.min(12, total))
      if (total > 12) {
        await page.locator('[data-load-more]').click()
        await expect(page.locator('[data-results] [data-room-card]')).toHaveCount(
          Math.min(24, total)
        )
        const ids = await cardIds(page)
        expect(new Set(ids).size).toBe(ids.length)
      }
    })
  })
}

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  for (const lang of LANGS) {
    test(`the filter panel toggles, and Apply closes it (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      const toggle = page.locator('[data-filter-toggle]')
      const form = page.locator('[data-filter-form]')
      await expectToggleOpens(toggle, form)
      await form.locator('select[name="location"]').selectOption('east')
      await form.locator('[data-filter-apply]').click()
      await expect(form).toBeHidden()
      await expect(toggle).toBeFocused()
      await expect(page).toHaveURL(/location=east/)
      await resultsShown(page)
      await expect(toggle).toContainText(lang === 'ar' ? 'عامل واحد' : '1 active')
    })
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const lang of LANGS) {
    test(`the listing shows its rooms and their links (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/listings`)
      const cards = page.locator('[data-results] [data-room-card]')
      expect(await cards.count()).toBeGreaterThan(0)
      await expect(page.locator('[data-results-count]')).toBeVisible()
      for (const card of (await cards.all()).slice(0, 3)) {
        await expect(card.locator('.room-card-title')).toBeVisible()
        await expect(card.locator('.room-card-price')).toBeVisible()
        await expect(card.locator('.room-card-title a')).toHaveAttribute(
          'href',
          `/${lang}/property/${await card.getAttribute('data-room-id')}`
        )
      }
      // A card's link opens the room's page.
      const first = cards.first()
      const id = await first.getAttribute('data-room-id')
      await first.locator('.room-card-title a').click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/property/${id}$`))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })
  }
})

test('the HTML served for the listing holds its rendered room cards, in the island', async ({
  request,
}) => {
  const html = await (await request.get('/en/listings')).text()
  const island = /<astro-island\b[^>]*>([\s\S]*)<\/astro-island>/.exec(html)
  expect(island, 'the listing island').not.toBeNull()
  expect(island![0]).toMatch(/^<astro-island\b[^>]*\bclient="idle"/)
  const ids = [...island![1]!.matchAll(/<article[^>]*\bdata-room-card[^>]*\bdata-room-id="(\d+)"/g)]
  expect(ids.length, 'room cards in the HTML').toBeGreaterThan(0)
  expect(ids.length).toBeLessThanOrEqual(12)
  for (const [, id] of ids) expect(island![1]).toContain(`href="/en/property/${id}"`)
  expect(island![1]).toMatch(/data-results-count="\d+"/)
})
