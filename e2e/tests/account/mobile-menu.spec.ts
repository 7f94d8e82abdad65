/**
 * The account app's header on a phone, in both languages: the menu opens from its
 * toggle and closes with Escape (focus back on the toggle), with a press outside the header,
 * on every in-app navigation, and when the window grows to the full navigation.
 */
import { LANGS, expect, expectMenuOpensAndEscapes, test } from '../fixtures'

for (const lang of LANGS) {
  test.describe(`the account app's mobile menu (${lang})`, () => {
    test.use({ viewport: { width: 375, height: 740 } })

    test.beforeEach(async ({ page }) => {
      await page.addInitScript((choice) => localStorage.setItem('sakan.language', choice), lang)
    })

    test('closes with Escape, a press outside, a navigation and a wide window', async ({
      page,
    }) => {
      await page.goto('/login')
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr')
      const { toggle, nav } = await expectMenuOpensAndEscapes(page)
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')

      // A press below the open panel, in the page.
      await toggle.click()
      await expect(nav).toBeVisible()
      await page.mouse.click(20, 720)
      await expect(nav).toBeHidden()

      // Sign Up, from inside the menu: a route of this app.
      await toggle.click()
      await nav.locator('[data-auth-signup]').click()
      await expect(page).toHaveURL(/\/register$/)
      await expect(nav).toBeHidden()
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')

      // Growing to the full navigation closes it; it stays closed when the window narrows again.
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      await page.setViewportSize({ width: 1280, height: 900 })
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await page.setViewportSize({ width: 375, height: 740 })
      await expect(nav).toBeHidden()
    })
  })
}
