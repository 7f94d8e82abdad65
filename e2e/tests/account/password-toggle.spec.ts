/**
 * The password fields' show/hide button, in both languages: a
 * screen reader hears its name in her language — never Mantine's English default — and its
 * pressed state says whether the password is shown.
 */
import type { Page } from '@playwright/test'
import { LANGS, expect, test, startIn } from '../fixtures'
import { field, messages, text } from '../messages'

const PAGES = [
  { path: '/login', fields: ['login.fields.password'] },
  { path: '/register', fields: ['register.fields.password', 'register.fields.confirmPassword'] },
] as const

for (const lang of LANGS) {
  const account = messages(lang, 'account')
  const showPassword = text(account, 'buttons.showPassword')

  async function expectToggle(page: Page, label: string, index: number) {
    const input = field(page, text(account, label))
    const toggle = page.locator('main').getByRole('button', { name: showPassword }).nth(index)
    await input.fill('secret123')
    await expect(input).toHaveAttribute('type', 'password')
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await toggle.click()
    await expect(input).toHaveAttribute('type', 'text')
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await toggle.click()
    await expect(input).toHaveAttribute('type', 'password')
  }

  test.describe(`the password visibility button (${lang})`, () => {
    startIn(lang)

    for (const { path, fields } of PAGES) {
      test(`${path}: named in the page's language`, async ({ page }) => {
        await page.goto(path)
        await expect(page.locator('html')).toHaveAttribute('lang', lang)
        const toggles = page.locator('main').getByRole('button', { name: showPassword })
        await expect(toggles).toHaveCount(fields.length)
        await expect(page.getByRole('button', { name: 'Toggle password visibility' })).toHaveCount(
          0
        )
        for (const [index, label] of fields.entries()) await expectToggle(page, label, index)
      })
    }
  })
}
