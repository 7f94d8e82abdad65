/**
 * The administrator's management tabs on a phone, in both
 * languages: at 375 px every tab's label is whole on screen — nothing cut off, nothing hidden
 * in a list that scrolls sideways without a hint.
 */
import { LANGS, expect, test, startIn } from '../fixtures'
import { messages, text } from '../messages'
import { ADMIN, openSignedIn } from '../session'

const TABS = ['applications', 'rooms', 'maintenance'] as const

for (const lang of LANGS) {
  const admin = messages(lang, 'admin')

  test.describe(`admin tabs on a phone (${lang})`, () => {
    test.use({ viewport: { width: 375, height: 740 } })

    startIn(lang)

    test('every tab label is readable at 375 px', async ({ page }) => {
      await openSignedIn(page, ADMIN, '/admin', { lang })

      const list = page.getByRole('tablist', { name: text(admin, 'management.tabsLabel') })
      await expect(list).toBeVisible()
      // The list itself does not scroll: all of it is on screen.
      const overflow = await list.evaluate((element) => element.scrollWidth - element.clientWidth)
      expect(overflow, 'the tab list overflows sideways').toBeLessThanOrEqual(1)
      const listBox = (await list.boundingBox())!
      expect(listBox.x).toBeGreaterThanOrEqual(0)
      expect(listBox.x + listBox.width).toBeLessThanOrEqual(375)

      for (const key of TABS) {
        const tab = page.getByRole('tab', { name: text(admin, `management.tabs.${key}`) })
        await expect(tab).toBeVisible()
        const label = tab.locator('.mantine-Tabs-tabLabel')
        await expect(label).toHaveText(text(admin, `management.tabs.${key}`))
        // Whole: not clipped inside the tab, and the tab inside the list.
        const clipped = await label.evaluate(
          (element) =>
            element.scrollWidth > element.clientWidth + 1 ||
            element.scrollHeight > element.clientHeight + 1
        )
        expect(clipped, `the ${key} label is cut off`).toBe(false)
        const box = (await tab.boundingBox())!
        expect(box.x, `the ${key} tab starts on screen`).toBeGreaterThanOrEqual(listBox.x - 1)
        expect(box.x + box.width, `the ${key} tab ends on screen`).toBeLessThanOrEqual(
          listBox.x + listBox.width + 1
        )
        // Words are not broken inside: each line break falls between words.
        const words = text(admin, `management.tabs.${key}`).split(/\s+/).length
        const lines = await label.evaluate((element) => {
          const range = document.createRange()
          range.selectNodeContents(element)
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
        })
        expect(lines, `the ${key} label breaks inside a word`).toBeLessThanOrEqual(words)
      }

      // Each tab still works.
      await page.getByRole('tab', { name: text(admin, 'management.tabs.maintenance') }).click()
      await expect(page).toHaveURL(/tab=maintenance/)
    })
  })
}
