/**
 * The administrator's page while its data loads, in both
 * languages: the placeholders take the loaded content's room, so nothing moves when the key
 * figures and the applications arrive — the stat cards, the tabs and the list's first row keep
 * their boxes, and the browser records no layout shift.
 */
import type { Locator, Page } from '@playwright/test'
import { LANGS, expect, startIn, test } from '../fixtures'
import { messages, text } from '../messages'
import { ADMIN, openSignedIn } from '../session'

type Box = { x: number; y: number; width: number; height: number }

/** Holds the key figures and the applications list until `release()`. */
async function holdAdminData(page: Page) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === '/api/admin/stats' || url.pathname === '/api/applications',
    async (route) => {
      await gate
      await route.continue()
    }
  )
  return release
}

async function boxes(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect()
      return { x, y, width, height }
    })
  )
}

function expectSameBoxes(before: Box[], after: Box[], what: string) {
  expect(after.length, what).toBe(before.length)
  after.forEach((box, index) => {
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(box[side] - before[index]![side]), `${what} #${index} ${side}`).toBeLessThan(
        1
      )
    }
  })
}

for (const lang of LANGS) {
  const admin = messages(lang, 'admin')

  test.describe(`the admin page while it loads (${lang})`, () => {
    startIn(lang)
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => {
        // Every layout shift of the page, whatever caused it.
        const shifts: number[] = []
        ;(window as unknown as { __shifts: number[] }).__shifts = shifts
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            shifts.push((entry as unknown as { value: number }).value)
        }).observe({ type: 'layout-shift', buffered: true })
      })
    })

    test('nothing moves when the figures and the list arrive', async ({ page }) => {
      await openSignedIn(page, ADMIN, '/admin', { lang })
      await expect(page.getByTestId('application-row').first()).toBeVisible()

      const release = await holdAdminData(page)
      await page.reload()
      const skeletons = page.getByTestId('row-skeletons')
      await expect(skeletons).toBeVisible()
      const statCards = page.locator('li[data-stat]')
      await expect(statCards).toHaveCount(5)
      const tabs = page.getByRole('tablist', { name: text(admin, 'management.tabsLabel') })

      const cardsBefore = await boxes(statCards)
      const tabsBefore = await boxes(tabs)
      const firstRowBefore = await boxes(skeletons.locator('.admin-row').first())
      const shiftsBefore = await page.evaluate(
        () => (window as unknown as { __shifts: number[] }).__shifts.length
      )

      release()
      await expect(page.getByTestId('application-row').first()).toBeVisible()
      await expect(page.getByTestId('stat-totalRooms')).toHaveAttribute('data-value', /\d+/)
      // Let the browser paint and report what the new content did.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300)))
      )

      expectSameBoxes(cardsBefore, await boxes(statCards), 'stat card')
      expectSameBoxes(tabsBefore, await boxes(tabs), 'tab list')
      expectSameBoxes(
        firstRowBefore,
        await boxes(page.getByTestId('application-row').first()),
        'first row'
      )
      const shifts = await page.evaluate(
        (from) => (window as unknown as { __shifts: number[] }).__shifts.slice(from),
        shiftsBefore
      )
      const total = shifts.reduce((sum, value) => sum + value, 0)
      expect(total, 'layout shift while the data arrived').toBeLessThan(0.001)
    })
  })
}
