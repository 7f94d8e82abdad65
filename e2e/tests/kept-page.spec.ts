/**
 * The page each worker lends its tests in turn (kept.ts): the next test finds nothing the last
 * one left (its session, storage, init scripts, routes), and the shared guards still hear a
 * console error or a Content-Security-Policy violation on it.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { TENANT, signedIn } from './session'

/* In order, in one worker: the second test borrows the page the first gave back. */
test.describe.configure({ mode: 'serial' })

const LEFT_BEHIND = 'sakan-left-behind'
let lent: Page | undefined

test.describe('the kept page', () => {
  test('a test signs in and leaves things behind', async ({ page, context }) => {
    lent = page
    await signedIn(page, TENANT)
    await page.addInitScript(() => Object.assign(window, { __pageScript: true }))
    await context.addInitScript(() => Object.assign(window, { __contextScript: true }))
    await page.route('**/api/left-behind', (route) => route.fulfill({ status: 418, body: 'no' }))
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await page.evaluate(async (name) => {
      sessionStorage.setItem(name, '1')
      localStorage.setItem(name, '1')
      await new Promise((resolve, reject) => {
        const opening = indexedDB.open(name)
        opening.onsuccess = () => resolve(opening.result.close())
        opening.onerror = () => reject(opening.error)
      })
    }, LEFT_BEHIND)
    expect(await context.cookies()).not.toEqual([])
  })

  test('the next test finds none of it', async ({ page, context, keptPage, consoleGuard }) => {
    /* Unrouted, the address is the API's 404, which Chromium logs. */
    consoleGuard.allow(/left-behind/)
    if (keptPage) expect(page, 'the same page, lent again').toBe(lent)
    expect(await context.cookies()).toEqual([])
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
    const left = await page.evaluate(async (name) => {
      const flags = window as unknown as Record<string, unknown>
      return {
        session: sessionStorage.getItem(name),
        local: localStorage.getItem(name),
        database: (await indexedDB.databases()).some((database) => database.name === name),
        pageScript: flags.__pageScript ?? null,
        contextScript: flags.__contextScript ?? null,
        routed: (await fetch('/api/left-behind')).status,
      }
    }, LEFT_BEHIND)
    expect(left).toEqual({
      session: null,
      local: null,
      database: false,
      pageScript: null,
      contextScript: null,
      routed: 404,
    })
  })

  test.describe('at a phone’s width', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('a test asking for another viewport borrows the same page, resized', async ({
      page,
      keptPage,
    }) => {
      if (keptPage) expect(page, 'the same page, lent again').toBe(lent)
      await page.goto('/en/')
      expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([390, 844])
    })
  })

  test('the next test has the project’s viewport again', async ({ page, keptPage }) => {
    if (keptPage) expect(page, 'the same page, lent again').toBe(lent)
    await page.goto('/en/')
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([1280, 900])
  })

  test('the guards hear the lent page', async ({ page, consoleGuard, cspGuard }) => {
    /* Chromium's console line of the violation is the CSP guard's to report. */
    consoleGuard.allow(/Content Security Policy/)
    await page.goto('/en/')
    await page.evaluate(() => {
      console.error('an error on purpose')
      const image = document.createElement('img')
      image.src = 'https://elsewhere.example/pixel.png'
      document.body.append(image)
    })
    await expect.poll(() => consoleGuard.errors.join('\n')).toContain('an error on purpose')
    await expect
      .poll(() => cspGuard.map((violation) => violation.directive).sort())
      .toEqual(expect.arrayContaining(['console', 'img-src']))
    /* Heard: each would fail this test once it ends. The page leaves the document first, so
       no later report of the same image comes after them. */
    await page.goto('/api/health')
    consoleGuard.errors.splice(0)
    cspGuard.splice(0)
  })
})
