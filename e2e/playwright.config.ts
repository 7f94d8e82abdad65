/**
 * Browser end-to-end specs of the product, in Debian's Chromium: its headless shell
 * (`apt-get install chromium-headless-shell`, the browser Playwright itself runs headless; the
 * whole browser, `chromium`, when the shell is missing). `npx playwright install` cannot
 * download here. CHROMIUM_PATH names another.
 *
 * E2E_BASE_URL: where the product is served (`npm test` starts it on a scratch database and
 * sets this). When unset, `webServer` starts the whole product with `npm start`'s script on a
 * free port.
 *
 * E2E_PUBLIC_URL: a second product, on a scratch database of its own, for the public pages'
 * specs (`npm test` starts it). They count and compare the catalogue while the account and
 * back-office specs change it (rooms added, stays ended, applications approved), so the two
 * groups run side by side, one worker each, only when each has a product of its own; without
 * it, every spec runs on E2E_BASE_URL, one at a time.
 */
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port'))
      )
    })
  })
}

/*
 * The headless shell draws the same pages with a fraction of the whole browser's work (no
 * browser window or UI to draw): the suite ran 26 tests in 133 s instead of 225 s
 * on the 2-core machine.
 */
const SHELL = '/usr/bin/chromium-headless-shell'
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : '/usr/bin/chromium')

// Decided once, in the runner; workers inherit it through the environment.
const external = Boolean(process.env.E2E_BASE_URL)
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${await freePort()}`
const baseURL = process.env.E2E_BASE_URL
const port = new URL(baseURL).port
const publicURL = process.env.E2E_PUBLIC_URL

/*
 * The public pages' specs: they read the catalogue, sign in only to look, and add rooms to
 * their own product (E2E_ADD_ROOM); with them, the account app's specs that change nothing the
 * demo accounts hold (its 404s, headers, menus, tabs and loading placeholders, the phone
 * widths (which move her maintenance request on and back, for news), new accounts'
 * verification, data and document picker), and two that change only what no spec of this
 * project reads afterwards (a new applicant's messages in the outbox, resent; the demo
 * tenant's earliest unpaid month, paid through the webhook), so the two projects take about as
 * long. Every other spec changes what the demo accounts hold.
 */
const PUBLIC_SPECS = [
  'accessibility.spec.ts',
  'applications/document-picker.spec.ts',
  'account/admin-loading.spec.ts',
  'account/admin-tabs.spec.ts',
  'account/identity.spec.ts',
  'account/mobile-menu.spec.ts',
  'account/not-found.spec.ts',
  'account/password-toggle.spec.ts',
  'account/phone-fit.spec.ts',
  'account/site-header.spec.ts',
  'digits.spec.ts',
  'filter-sheet.spec.ts',
  'home.spec.ts',
  'i18n.spec.ts',
  'listings.spec.ts',
  'my-data.spec.ts',
  'office/notifications.spec.ts',
  'page-cache.spec.ts',
  'payments/webhook.spec.ts',
  'property.spec.ts',
  'security-headers.spec.ts',
  'shell.spec.ts',
].map((file) => `**/tests/${file}`)

const desktop = {
  ...devices['Desktop Chrome'],
  channel: undefined,
  viewport: { width: 1280, height: 900 },
}

export default defineConfig({
  testDir: './tests',
  /* The two projects side by side when each has a product of its own, each one at a time. */
  workers: publicURL ? 2 : 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  /* One retry on CI: a real failure fails twice; a timing flake on a loaded 2-core machine is reported as flaky. */
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    /* A trace records every action's DOM and screen: on the first retry only (CI retries once),
       which kept a sixth of the suite's time for nothing when everything passed. */
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    /* A click or fill that waits longer than this fails, naming what it waited for, instead of
       holding its test until the test's own time-out (90 s for some) with no word of where. */
    actionTimeout: 30_000,
    locale: 'en-US',
    /*
     * Reduced motion, as a visitor can ask for it: the product's CSS then ends every CSS
     * animation and transition at once (common/styles/base.css), while what the app does in
     * JavaScript keeps its timings (Mantine's transitions still wait their durations before a
     * dialog is gone and the focus returns). Chromium here draws every frame in software, and
     * a fade over the whole page (the account app's splash at every first page, a dialog's
     * overlay) is drawn frame by frame: the GPU process spent 0.32 CPU-s on a first page of
     * the account app with motion, 0.10 without (`/login`, 5 loads each way). keyboard.spec.ts,
     * whose subject is the dialogs' focus as they open and close, keeps the motion on.
     */
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        /*
         * The network service inside the browser's process instead of a process of its own, as
         * on small devices: about a tenth less CPU and wall time per page load of the account
         * app on the 2-core machine (its ~100 requests each crossed one more process). A second
         * `--enable-features` replaces Playwright's own, so its two features are named again.
         */
        '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies,NetworkServiceInProcess2',
        /*
         * No optimizing compiler (TurboFan): a test's pages live seconds, and in a new context
         * each (no code cache) the optimizer's threads spent about a third of the suite's CPU
         * on code that ran once. Same JavaScript, interpreted and baseline-compiled: 47 tests
         * took 190 CPU-seconds and 121 s with it, 125 and 100 s without. `--no-opt` is V8's name
         * for TurboFan alone: its mid-tier compiler, Maglev, still compiled on the renderers'
         * thread pool (seen with `perf`), so it is turned off too: 26 keyboard tests took 42 and
         * 41 CPU-s instead of 45 and 43, 35 listings and identity tests 37 and 37 instead of 44
         * and 39, in the same wall time.
         */
        '--js-flags=--no-opt --no-maglev',
        /*
         * Chromium resolves 127.0.0.1 only: the gateway, fonts, map tiles, error reporters… must
         * all be local, and nothing of a card flow may leave the machine. In every spec's launch
         * options, not only the payment specs': a spec with launch options of its own needs a
         * browser of its own, so Playwright started a new worker (its Node process, Chromium and
         * kept page) at each change between them, six more a run.
         */
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    {
      name: 'public',
      testMatch: PUBLIC_SPECS,
      workers: 1,
      use: { ...desktop, baseURL: publicURL ?? baseURL },
    },
    { name: 'account', testIgnore: PUBLIC_SPECS, workers: 1, use: desktop },
  ],
  webServer: external
    ? undefined
    : {
        /* The whole product, as `npm start` runs it (npm test passes E2E_BASE_URL instead). */
        command: 'node scripts/start.mjs',
        cwd: fileURLToPath(new URL('../', import.meta.url)),
        /* The account app is built last: once it answers, every page does. */
        url: `${baseURL}/login`,
        env: { PORT: port },
        reuseExistingServer: false,
        timeout: 300_000,
        stdout: 'pipe',
      },
})
