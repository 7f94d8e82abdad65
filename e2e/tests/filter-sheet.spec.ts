/**
 * The listing's filter panel on a phone: a full-screen sheet whose every control a
 * visitor can reach and use by touch and keyboard, never covered (by the sort box, the results
 * or the header), with Apply and Clear always in view; a modal dialog that Escape, its close
 * button and the back gesture close, focus back on the toggle.
 */
import type { Locator, Page } from '@playwright/test'
import { seriousViolations } from './axe'
import {
  LANGS,
  cardIds,
  expect,
  expectResultsCount,
  expectedOnceShown,
  resultsShown,
  test,
} from './fixtures'

const PHONE = { width: 390, height: 844 }

/** What the page shows at the centre of `target`: the control itself (or inside it), or what covers it. */
async function hitAtCentre(target: Locator): Promise<{ own: boolean; covering: string }> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    const own = hit !== null && (hit === element || element.contains(hit))
    const name = (node: Element | null) =>
      node ? `${node.tagName.toLowerCase()}.${String(node.className).trim()}` : 'nothing'
    const sort = hit?.closest('.sort, [data-sort], [data-results-section]')
    return {
      own,
      covering: own ? '' : `${name(hit)}${sort ? ' (in the results or sort box)' : ''}`,
    }
  })
}

/** `control` is on screen inside the sheet's scrolling part, and nothing covers it. */
async function expectReachable(page: Page, control: Locator, what: string) {
  await control.scrollIntoViewIfNeeded()
  const box = (await control.boundingBox())!
  const body = (await page.locator('[data-filter-body]').boundingBox())!
  expect(box.y, `${what}: below the top of the sheet's scrolling part`).toBeGreaterThanOrEqual(
    body.y - 1
  )
  expect(box.y + box.height, `${what}: above the sheet's footer`).toBeLessThanOrEqual(
    body.y + body.height + 1
  )
  const hit = await hitAtCentre(control)
  expect(hit.own, `${what} is covered by ${hit.covering}`).toBe(true)
}

/** Apply and Clear are on screen, at the bottom of the sheet, and nothing covers them. */
async function expectActionsInView(page: Page) {
  for (const button of [page.locator('[data-filter-apply]'), page.locator('[data-filter-clear]')]) {
    const box = (await button.boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height)
    expect(box.y).toBeGreaterThan(PHONE.height / 2)
    const hit = await hitAtCentre(button)
    expect(hit.own, `Apply/Clear covered by ${hit.covering}`).toBe(true)
  }
}

async function openSheet(page: Page) {
  const toggle = page.locator('[data-filter-toggle]')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const form = page.locator('[data-filter-form]')
  await expect(form).toBeVisible()
  // A modal dialog named by its title, with focus inside.
  const sheet = page.getByRole('dialog')
  await expect(sheet).toHaveAttribute('aria-modal', 'true')
  await expect(sheet).toHaveAccessibleName(/.+/)
  await expect
    .poll(() => sheet.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true)
  return { toggle, form, sheet }
}

test.describe('the filter sheet on a phone', () => {
  test.use({ viewport: PHONE })

  for (const lang of LANGS) {
    test(`every filter can be reached and set, then applied (${lang})`, async ({ page }) => {
      // Some forty controls, each scrolled to and checked for what covers it.
      test.slow()
      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      const before = await cardIds(page)
      const countBefore = await page
        .locator('[data-results-count]')
        .getAttribute('data-results-count')
      // Scrolled down the list first, where the sort box and the cards were drawn over the panel.
      await page.mouse.wheel(0, 600)
      const { toggle, form } = await openSheet(page)

      // Over everything: the header and the results are under the sheet.
      for (const [x, y] of [
        [PHONE.width / 2, 20],
        [PHONE.width / 2, PHONE.height / 2],
        [20, PHONE.height - 120],
      ] as const) {
        const inside = await page.evaluate(
          (point) =>
            Boolean(document.elementFromPoint(point.x, point.y)?.closest('[data-filter-sheet]')),
          { x, y }
        )
        expect(inside, `the sheet at (${x}, ${y})`).toBe(true)
      }
      await expectActionsInView(page)

      // Location, by touch.
      const location = form.locator('select[name="location"]')
      await expectReachable(page, location, 'location')
      await location.selectOption('central')

      // Price, by keyboard from the location box: Tab to each thumb, arrows in reading direction.
      const min = form.locator('input[data-price-min]')
      const max = form.locator('input[data-price-max]')
      await expectReachable(page, form.locator('[data-price-range]'), 'price slider')
      await location.focus()
      await page.keyboard.press('Tab')
      await expect(min).toBeFocused()
      for (let i = 0; i < 5; i++)
        await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight')
      await expect(min).toHaveValue('1000')
      await page.keyboard.press('Tab')
      await expect(max).toBeFocused()
      for (let i = 0; i < 5; i++)
        await page.keyboard.press(lang === 'ar' ? 'ArrowRight' : 'ArrowLeft')
      await expect(max).toHaveValue('3000')

      // Every amenity and room feature is reachable; one of each is set by a tap on its label.
      for (const name of ['amenities', 'features']) {
        for (const label of await form.locator(`label:has(input[name="${name}"])`).all())
          await expectReachable(page, label, `${name}: ${await label.textContent()}`)
      }
      const wifi = form.locator('label:has(input[name="amenities"][value="wifi"])')
      await wifi.click()
      await expect(wifi.locator('input')).toBeChecked()
      const desk = form.locator('label:has(input[name="features"][value="desk"])')
      await desk.click()
      await expect(desk.locator('input')).toBeChecked()

      // Availability, the last group, by keyboard (Space on the focused switch).
      const availability = form.locator('input[name="availability"]')
      const availabilityLabel = form.locator('label:has(input[name="availability"])')
      await expectReachable(page, availabilityLabel, 'availability')
      await availabilityLabel.click()
      await expect(availability).not.toBeChecked()
      await page.keyboard.press('Space')
      await expect(availability).toBeChecked()
      await page.keyboard.press('Space')
      await expect(availability).not.toBeChecked()

      // Scrolled to its end, Apply and Clear are still in view and uncovered.
      await expectActionsInView(page)
      // Nothing changed yet: a draft until Apply.
      await expect(page).toHaveURL(new RegExp(`/${lang}/listings$`))

      await form.locator('[data-filter-apply]').click()
      await expect(form).toBeHidden()
      await expect(toggle).toBeFocused()
      await expect(page).toHaveURL(
        /\?location=central&priceMin=1000&priceMax=3000&amenities=wifi&features=desk&availability=any$/
      )
      const expected = await expectedOnceShown(
        page,
        // Any availability: no availability parameter.
        'location=central&priceMin=1000&priceMax=3000&amenities=wifi&features=desk&sort=newest&_start=0&_end=12'
      )
      const after = await cardIds(page)
      expect(after).toEqual(expected.rooms.map((room) => room.id))
      await expectResultsCount(page, expected.total)
      expect(
        String(expected.total) !== countBefore || after.join() !== before.join(),
        'the results changed'
      ).toBe(true)
      await expect(toggle).toContainText(lang === 'ar' ? '٥ عوامل' : '5 active')
      // The page scrolls again.
      expect(
        await page.evaluate(() => getComputedStyle(document.documentElement).overflow)
      ).not.toBe('hidden')

      // Back returns to the query before (the sheet left no history entry of its own).
      await page.goBack()
      await expect(page).toHaveURL(new RegExp(`/${lang}/listings$`))
      await resultsShown(page)
      expect(await cardIds(page)).toEqual(before)
      await expect(form).toBeHidden()
    })

    test(`Escape, the close button and the back gesture close it, focus back on the toggle (${lang})`, async ({
      page,
    }) => {
      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      const url = page.url()

      let { toggle, form, sheet } = await openSheet(page)
      // The open sheet passes axe (WCAG 2.1 A and AA): nothing serious or critical.
      expect(await seriousViolations(page)).toEqual([])

      // Escape.
      // The page behind neither scrolls nor takes focus.
      const scrolled = await page.evaluate(() => window.scrollY)
      await page.mouse.wheel(0, 800)
      await page.waitForTimeout(200)
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
      await expect(page.locator('.site-header')).toHaveJSProperty('inert', true)
      await page.keyboard.press('Escape')
      await expect(form).toBeHidden()
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expect(toggle).toBeFocused()
      await expect(page).toHaveURL(url)
      await expect(page.getByRole('dialog')).toHaveCount(0)

      // Focus stays inside: Tab from the last control (Apply) goes to the first (close), and back.
      ;({ toggle, form, sheet } = await openSheet(page))
      const close = sheet.locator('[data-filter-close]')
      await expect(close).toBeFocused()
      await page.keyboard.press('Shift+Tab')
      await expect(form.locator('[data-filter-apply]')).toBeFocused()
      await page.keyboard.press('Tab')
      await expect(close).toBeFocused()
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab')
        expect(
          await sheet.evaluate((element) => element.contains(document.activeElement)),
          'focus stays in the sheet'
        ).toBe(true)
      }

      // The close button.
      await close.click()
      await expect(form).toBeHidden()
      await expect(toggle).toBeFocused()
      await expect(page).toHaveURL(url)

      // The back gesture closes the sheet and stays on the page.
      ;({ toggle, form } = await openSheet(page))
      await form.locator('select[name="location"]').selectOption('north')
      await page.goBack()
      await expect(form).toBeHidden()
      await expect(toggle).toBeFocused()
      await expect(page).toHaveURL(url)
      await resultsShown(page)
      // Closing is not applying.
      expect(new URL(page.url()).search).toBe('')
    })
  }

  test('Clear from the sheet resets and applies, and closes it', async ({ page }) => {
    await page.goto('/en/listings?location=east&availability=true')
    await resultsShown(page)
    const { toggle, form } = await openSheet(page)
    await expect(form.locator('select[name="location"]')).toHaveValue('east')
    await form.locator('[data-filter-clear]').click()
    await expect(form).toBeHidden()
    await expect(toggle).toBeFocused()
    await expect(page).toHaveURL(/\/en\/listings\?availability=true$/)
    await resultsShown(page)
    await page.goBack()
    await expect(page).toHaveURL(/\?location=east&availability=true$/)
    await expect(form).toBeHidden()
  })
})

test('on a wide screen the filters stay a sidebar beside the results', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/en/listings')
  await resultsShown(page)
  const form = page.locator('[data-filter-form]')
  await expect(form).toBeVisible()
  await expect(page.locator('[data-filter-toggle]')).toBeHidden()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const sidebar = (await form.boundingBox())!
  const results = (await page.locator('[data-results-section]').boundingBox())!
  expect(sidebar.x + sidebar.width).toBeLessThanOrEqual(results.x)
  expect(
    await page
      .locator('[data-filter-sheet]')
      .evaluate((element) => getComputedStyle(element).position)
  ).not.toBe('fixed')
})
