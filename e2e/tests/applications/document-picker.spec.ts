/**
 * The application form's document field and toasts, in both
 * languages: a refused file is named as refused, with its size in the locale's units, and a
 * toast that replaces a visible one under the same key stays its own full 5000 ms.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { LANGS, expect, test, type Lang, startIn } from '../fixtures'
import { messages, text } from '../messages'
import { registeredAnew } from '../session'
import type { TestFile } from './files'

/** The sizes the field must show, in each locale's digits and unit symbols (CLDR). */
const SIZES: Record<Lang, { bytes146: string; kb2: string }> = {
  en: { bytes146: '146 B', kb2: '2 kB' },
  ar: { bytes146: '١٤٦ ب', kb2: '٢ ك.ب' },
}

/** A plain-text file of exactly `size` bytes. */
const textFile = (name: string, mimeType: string, size: number): TestFile => ({
  name,
  mimeType,
  buffer: Buffer.alloc(size, 'Not an ID document.\n'),
})

async function availableRoom(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/rooms?availability=true&_start=0&_end=100')
  expect(response.ok()).toBe(true)
  const rooms = (await response.json()) as { id: number }[]
  expect(rooms.length, 'available rooms left in the catalogue').toBeGreaterThan(0)
  return rooms[Math.floor(Math.random() * rooms.length)]!.id
}

for (const lang of LANGS) {
  const account = messages(lang, 'account')

  async function registerAndOpen(page: Page, roomId: number) {
    await registeredAnew(page, lang, 'Picker Test', 'picker')
    await page.goto(`/application/${roomId}`)
    await expect(page.getByTestId('submit-application')).toBeVisible()
  }

  test.describe(`application form (${lang})`, () => {
    startIn(lang)

    test('a refused file is named as refused, a size is in the locale’s units; each toast stays 5000 ms', async ({
      page,
      request,
      consoleGuard,
    }) => {
      test.setTimeout(60_000)
      await registerAndOpen(page, await availableRoom(request))
      const input = page.getByTestId('id-document-input')
      const meta = page.getByTestId('id-document-meta')

      // A text file: the real refusal and "146 B", never "PDF document" or "146 byte".
      await input.setInputFiles(textFile('notes.txt', 'text/plain', 146))
      await expect(page.locator('.doc-picker-file-name')).toHaveText('notes.txt')
      await expect(meta).toHaveText(
        `${text(account, 'application.picker.refused')} · ${SIZES[lang].bytes146}`
      )
      await expect(meta).toHaveAttribute('data-refused', 'true')
      await expect(
        page.getByText(text(account, 'application.validation.documentType'))
      ).toBeVisible()

      // A file that claims to be a PDF passes the field; the server reads its bytes and refuses it.
      await input.setInputFiles(textFile('scan.pdf', 'application/pdf', 2_000))
      await expect(meta).toHaveText(
        `${text(account, 'application.picker.pdf')} · ${SIZES[lang].kb2}`
      )
      await expect(meta).not.toHaveAttribute('data-refused')

      consoleGuard.allow(/status of 4\d\d/)
      const title = text(account, 'application.failure.title')
      const failed = page.getByText(title, { exact: true })
      /*
       * Each refusal toast's time in the page, by the page's own clock: when its title entered
       * the document and when it left it. Read by the test's clock instead, a loaded machine
       * ate the second of margin the checks had (the polls that see a toast, the timers
       * between checks).
       */
      await page.evaluate((title) => {
        const toasts: { element: Element; shown: number; gone?: number }[] = []
        const record = () => {
          const now = performance.now()
          for (const element of document.querySelectorAll('.mantine-Notification-title'))
            if (element.textContent === title && !toasts.some((toast) => toast.element === element))
              toasts.push({ element, shown: now })
          for (const toast of toasts)
            if (toast.gone === undefined && !toast.element.isConnected) toast.gone = now
        }
        new MutationObserver(record).observe(document.body, { childList: true, subtree: true })
        Object.assign(window, {
          __sakanToasts: () => toasts.map(({ shown, gone }) => ({ shown, gone })),
        })
      }, title)
      const toasts = () =>
        page.evaluate(() =>
          (
            window as unknown as { __sakanToasts: () => { shown: number; gone?: number }[] }
          ).__sakanToasts()
        )
      /** Sends the form; answers the refusal's toast, once it is the only one. */
      const send = async () => {
        const before = (await toasts()).length
        const answer = page.waitForResponse(
          (response) =>
            new URL(response.url()).pathname === '/api/applications' &&
            response.request().method() === 'POST'
        )
        await page.getByTestId('submit-application').click()
        // A pointer resting on a toast pauses its timer: keep it away.
        await page.mouse.move(0, 0)
        const status = (await answer).status()
        expect(status, 'the server refuses the document').toBeGreaterThanOrEqual(400)
        expect(status).toBeLessThan(500)
        // A new toast came; the one it replaces may still be leaving: then one is left, the new one.
        await expect.poll(async () => (await toasts()).length).toBe(before + 1)
        await expect(failed).toHaveCount(1)
        await expect(failed).toBeVisible()
        return before
      }

      const first = await send()
      await page.waitForTimeout(3_000)
      const second = await send()
      await expect
        .poll(async () => (await toasts())[second]!.gone, { timeout: 12_000 })
        .toBeDefined()
      const times = await toasts()
      const replacing = times[second]!
      // The first toast's 5000 ms (and its exit) are over: the one that replaced it is still here…
      expect(
        replacing.gone! - times[first]!.shown,
        'the replacing toast outlives the first one’s timer'
      ).toBeGreaterThan(5_800)
      expect(
        replacing.gone! - replacing.shown,
        'the replacing toast gets its full 5000 ms'
      ).toBeGreaterThanOrEqual(5_000)
      // …and closes once its own time is up.
      expect(replacing.gone! - replacing.shown, 'the replacing toast closes').toBeLessThan(8_000)
    })
  })
}
