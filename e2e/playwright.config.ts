/**
 * Browser end-to-end specs of the product, in Debian's Chromium: its headless shell
 * (`apt-get install chromium-headless-shell`, the browser Playwright itself runs headless; the
 * whole browser, `chromium`, when the shell is missing). `npx playwright install` cannot
 * download here. CHROMIUM_PATH names another.
 *
 * E2E_BASE_URL: where the product is served (`npm test` starts it on a scratch database and
 * sets this). When unset, `webServer` starts the whole product with `npm start`'s script on a
 * free port.
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
 * on the 2-core machine (issue 40).
 */
const SHELL = '/usr/bin/chromium-headless-shell'
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : '/usr/bin/chromium')

// Decided once, in the runner; workers inherit it through the environment.
const external = Boolean(process.env.E2E_BASE_URL)
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${await freePort()}`
const baseURL = process.env.E2E_BASE_URL
const port = new URL(baseURL).port

export default defineConfig({
  testDir: './tests',
  workers: 1,
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
    locale: 'en-US',
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
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 1280, height: 900 },
      },
    },
  ],
  webServer: external
    ? undefined
    : {
        /* The whole product, as `npm start` runs it (npm test passes E2E_BASE_URL instead). */
        command: 'node scripts/start.mjs',
        cwd: fileURLToPath(new URL('../', import.meta.url)),
        url: `${baseURL}/en/`,
        env: { PORT: port },
        reuseExistingServer: false,
        timeout: 300_000,
        stdout: 'pipe',
      },
})
