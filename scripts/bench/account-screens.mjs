/*
 * Section 3b: a cold first visit to the resident's rent screens, from the start of
 * the navigation to the moment the first of her data is on screen: the dashboard's Payments tab
 * (its first ledger row), /payment (the months she can pay, or "nothing due") and a receipt
 * (its number). Each run is a new browser context (empty cache, no code loaded), signed in as
 * the demo resident by her session cookie, in English and in Arabic; the product is otherwise
 * idle. The time is read in the page (`performance.now()` when a MutationObserver first sees the
 * element shown), not from the driver's side.
 */
/* global document, MutationObserver, window -- the page's, in the functions run there */
import { chromium } from '@playwright/test'
import { AUTH_SESSION_HINT_KEY } from '../../common/dist/storage-keys.js'
import { TENANT_EMAIL, openSession } from './session.mjs'

const SCREENS = [
  {
    name: 'Payments tab: first ledger row',
    path: () => '/dashboard?tab=payments',
    shows: '[data-testid="ledger-row"]',
  },
  {
    name: '/payment: the months she can pay',
    path: () => '/payment',
    shows: '[data-testid="payment-month"], [data-testid="payment-nothing-due"]',
  },
  {
    name: 'a receipt: its number',
    path: ({ paymentId }) => `/receipts/${paymentId}`,
    shows: '[data-testid="receipt-number"]',
  },
]

/* Runs in the page before its own scripts: notes when `selector` first matches a shown element. */
function watchFor({ selector, hintKey }) {
  localStorage.setItem(hintKey, '1')
  const shown = () =>
    [...document.querySelectorAll(selector)].some((element) => element.getClientRects().length > 0)
  const observer = new MutationObserver(() => {
    if (window.__sakanShownAt === undefined && shown()) {
      window.__sakanShownAt = performance.now()
      observer.disconnect()
    }
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true })
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/** Medians (and every run) per screen and language: `[{ name, path, lang, ms, runs }]`. */
export async function benchmarkAccountScreens({ origin, database, appKey, executable, runs }) {
  const cookie = await openSession({ database, appKey, email: TENANT_EMAIL })
  const [name, ...value] = cookie.split('=')
  const headers = { cookie, accept: 'application/json' }
  const payments = await fetch(`${origin}/api/payments?_start=0&_end=50`, { headers })
  if (!payments.ok) throw new Error(`GET /api/payments answered ${payments.status}`)
  const completed = (await payments.json()).find((payment) => payment.paymentStatus === 'completed')
  if (!completed) throw new Error('the demo resident has no completed payment to open a receipt of')

  const browser = await chromium.launch({
    executablePath: executable,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  const results = []
  try {
    for (const screen of SCREENS) {
      for (const lang of ['en', 'ar']) {
        const path = screen.path({ paymentId: completed.id })
        const times = []
        for (let run = 0; run < runs; run++) {
          const context = await browser.newContext({
            locale: lang === 'ar' ? 'ar-SA' : 'en-US',
            viewport: { width: 390, height: 844 },
            isMobile: true,
            hasTouch: true,
          })
          try {
            await context.addCookies([{ name, value: value.join('='), url: origin }])
            await context.addInitScript(watchFor, {
              selector: screen.shows,
              hintKey: AUTH_SESSION_HINT_KEY,
            })
            const page = await context.newPage()
            await page.goto(`${origin}${path}`)
            await page.waitForFunction(() => window.__sakanShownAt !== undefined, null, {
              timeout: 20_000,
            })
            times.push(Math.round(await page.evaluate(() => window.__sakanShownAt)))
          } finally {
            await context.close()
          }
        }
        console.log(`  ${screen.name} (${lang}): ${times.join(', ')} ms`)
        results.push({ name: screen.name, path, lang, ms: median(times), runs: times })
      }
    }
  } finally {
    await browser.close()
  }
  return results
}
