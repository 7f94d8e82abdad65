/** The back office as the demo administrator reaches it. */
import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import { ADMIN, DEMO_PASSWORD, openSignedIn } from '../session'

export { ADMIN, DEMO_PASSWORD }

/** Signs the administrator in and opens resource `name` from the back office's navigation. */
export async function openFromOfficeNav(page: Page, lang: string, name: string, title: string) {
  await openSignedIn(page, ADMIN, '/admin', { lang })
  await page.getByTestId(`office-nav-${name}`).first().click()
  await expect(page).toHaveURL(new RegExp(`/admin/${name}(\\?|$)`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
}

/** A stat card's figure on the administrator's dashboard (its `data-value`, once loaded). */
export async function stat(page: Page, key: string): Promise<number> {
  const value = page.getByTestId(`stat-${key}`)
  await expect(value).toHaveAttribute('data-value', /^\d+(\.\d+)?$/)
  return Number(await value.getAttribute('data-value'))
}
