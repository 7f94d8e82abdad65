/**
 * One page kept per worker and lent to each test in turn, instead of a new browser context and
 * page per test. A new page costs Chromium a renderer process of its own, an empty HTTP cache
 * and every script of the app compiled anew: a first page of the account app cost about four
 * times a second visit in the same page (1.06 against 0.26 CPU-seconds on the 2-core machine).
 *
 * What a test leaves in the kept page and its context is taken away before the next one
 * borrows it: the init scripts, bindings, routes and listeners it added (each recorded as it is
 * added), the other pages it opened, the cookies and permissions, and the storage of every
 * origin its pages visited (local and session storage, IndexedDB, Cache Storage, service
 * workers); the page is then left on the product's health address, so the next test's first
 * page is a new document of the same site in the same renderer. What cannot be taken away (a
 * fake clock installed, emulated media, a page closed, geolocation, offline, extra headers) ends
 * the kept page: the next test gets a new one. A test that asks for another viewport only gets
 * the kept page resized (as `page.setViewportSize` does; the specs that alternate desktop and
 * phone widths ended and opened it 18 times a run); one whose other context options differ
 * (locale, JavaScript off) gets a page kept for those options; one with a stored session of its
 * own (`storageState`) gets a context of its own, as before.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test'

/** Methods whose effect outlives the test and cannot be undone: calling one ends the page. */
const LASTING = {
  page: ['emulateMedia', 'routeFromHAR', 'routeWebSocket'],
  context: [
    'setOffline',
    'setGeolocation',
    'setExtraHTTPHeaders',
    'setHTTPCredentials',
    'routeFromHAR',
    'routeWebSocket',
  ],
  clock: ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'fastForward', 'runFor', 'resume'],
} as const

/** What a test may add that returns a `Disposable`: recorded, and disposed after it. */
const ADDED = ['addInitScript', 'exposeBinding', 'exposeFunction'] as const

/** The events a test or a guard listens to on a page or a context: their listeners go with it. */
const PAGE_EVENTS = [
  'console',
  'pageerror',
  'request',
  'response',
  'requestfailed',
  'requestfinished',
  'dialog',
  'download',
  'popup',
  'framenavigated',
  'frameattached',
  'load',
  'domcontentloaded',
  'filechooser',
  'websocket',
  'worker',
]
const CONTEXT_EVENTS = [
  'console',
  'page',
  'request',
  'response',
  'requestfailed',
  'requestfinished',
  'dialog',
  'weberror',
  'serviceworker',
]

/** Storage a visited origin may hold, cleared through the DevTools protocol. */
const STORAGE_TYPES =
  'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,storage_buckets'

interface Disposable {
  dispose(): Promise<void>
}

export interface KeptTab {
  /** The context options but the viewport, which a kept page changes in place. */
  key: string
  context: BrowserContext
  page: Page
  /** The test did something the next one must not inherit and cannot be undone. */
  spent: boolean
  added: Disposable[]
  origins: Set<string>
  /** The viewport the test borrowing it asked for (the page is given back at this size). */
  viewport: { width: number; height: number } | null
}

/** The kept tab of one worker, for the options its tests ask for. */
export interface KeptTabs {
  /** The tab kept for `options` (created when there is none, or the last was for others). */
  lend(options: BrowserContextOptions, healthUrl: string): Promise<KeptTab>
  /**
   * Takes away what the test left, or ends the tab when that cannot be done. A tab whose test
   * `failed` is left as it is, for Playwright's screenshot, and no longer lent.
   */
  giveBack(tab: KeptTab, failed: boolean): Promise<void>
  close(): Promise<void>
}

function record<T extends object>(
  target: T,
  names: readonly string[],
  after: (value: unknown) => void
) {
  for (const name of names) {
    const original = (target as Record<string, unknown>)[name] as (...args: unknown[]) => unknown
    if (typeof original !== 'function') continue
    Object.defineProperty(target, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        const result = original.apply(target, args)
        after(result)
        return result
      },
    })
  }
}

const sameSize = (
  size: { width: number; height: number } | null,
  other: { width: number; height: number }
) => size?.width === other.width && size.height === other.height

export function keptTabs(browser: Browser, healthPath: string): KeptTabs {
  let tab: KeptTab | undefined
  const end = async () => {
    const ending = tab
    tab = undefined
    await ending?.context.close().catch(() => undefined)
  }
  const open = async (key: string, options: BrowserContextOptions): Promise<KeptTab> => {
    const context = await browser.newContext(options)
    const page = await context.newPage()
    const made: KeptTab = {
      key,
      context,
      page,
      spent: false,
      added: [],
      origins: new Set(),
      viewport: page.viewportSize(),
    }
    const spend = () => void (made.spent = true)
    record(page, LASTING.page, spend)
    record(context, LASTING.context, spend)
    record(page.clock, LASTING.clock, spend)
    const keep = (result: unknown) =>
      void Promise.resolve(result).then(
        (disposable) => disposable && made.added.push(disposable as Disposable),
        () => undefined
      )
    record(page, ADDED, keep)
    record(context, ADDED, keep)
    return made
  }
  return {
    async lend(options, healthUrl) {
      const { viewport, ...others } = options
      /* A page without a viewport of its own (`viewport: null`) is not one to resize. */
      const key = JSON.stringify({ ...others, fixedViewport: viewport !== null })
      if (tab && (tab.key !== key || tab.page.isClosed())) await end()
      tab ??= await open(key, options)
      if (viewport && !sameSize(tab.page.viewportSize(), viewport)) {
        await tab.page.setViewportSize(viewport)
        tab.viewport = viewport
      }
      tab.origins.clear()
      const note = (url: string) => {
        if (/^https?:/.test(url)) tab?.origins.add(new URL(url).origin)
      }
      tab.context.on('request', (request) => note(request.url()))
      tab.origins.add(new URL(healthUrl).origin)
      return tab
    },
    async giveBack(given, failed) {
      if (given !== tab) return
      if (failed) return void (tab = undefined)
      try {
        if (given.spent || given.page.isClosed()) return await end()
        for (const disposable of given.added.splice(0)) await disposable.dispose()
        for (const event of PAGE_EVENTS) given.page.removeAllListeners(event)
        for (const event of CONTEXT_EVENTS) given.context.removeAllListeners(event)
        await given.page.unrouteAll({ behavior: 'ignoreErrors' })
        await given.context.unrouteAll({ behavior: 'ignoreErrors' })
        for (const other of given.context.pages()) if (other !== given.page) await other.close()
        const health = [...given.origins][0]
        /* A document of the product's own site, without scripts: the next test's first
           navigation stays in this renderer. Its session storage is this tab's, cleared there. */
        await given.page.goto(new URL(healthPath, health).href)
        await given.page.evaluate(() => sessionStorage.clear())
        const cdp = await given.context.newCDPSession(given.page)
        try {
          for (const origin of given.origins)
            await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_TYPES })
        } finally {
          await cdp.detach()
        }
        await given.context.clearCookies()
        await given.context.clearPermissions()
        if (given.viewport && !sameSize(given.page.viewportSize(), given.viewport))
          await given.page.setViewportSize(given.viewport)
      } catch {
        await end()
      }
    },
    close: end,
  }
}
