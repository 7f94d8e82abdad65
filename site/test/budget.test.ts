/**
 * Size budgets on the built output: the JavaScript and CSS a page loads up front,
 * gzipped. JavaScript counts the page's scripts, inline scripts and islands (component and
 * renderer) with every module they statically import; code loaded later with `import()`
 * (Leaflet, when the map scrolls into view) is reported but not counted.
 * Needs `npm run build` first; the pages rendered on each request (home, listings, rooms) are
 * read from the running product (`SAKAN_API_URL`, which `npm test` sets).
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

const client = fileURLToPath(new URL('../dist/client/', import.meta.url))
const KB = 1024
const BUDGETS = {
  // The interactive parts are React islands (React's runtime is most of each page's
  // JavaScript), hydrated once the page is idle, never before the first paint: the home page's
  // quick search, the listing's filters and live results, a room's gallery. At most 90 KB.
  home: { js: 90 * KB, css: 20 * KB },
  listings: { js: 90 * KB, css: 20 * KB },
  property: { js: 90 * KB, css: 20 * KB },
  legal: { js: 20 * KB, css: 20 * KB },
}

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length

function readAsset(url: string): string {
  const path = join(client, decodeURIComponent(url.split('?')[0]!.replace(/^\//, '')))
  if (!existsSync(path)) throw new Error(`The page refers to ${url}, which is not in dist/client`)
  return readFileSync(path, 'utf8')
}

/** Static imports of an ES module (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
function staticImports(code: string): string[] {
  const found = new Set<string>()
  for (const match of code.matchAll(
    /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`]([^"'`]+\.m?js)["'`]/g
  ))
    found.add(match[1]!)
  return [...found]
}

function dynamicImports(code: string): string[] {
  return [...code.matchAll(/import\(\s*["'`]([^"'`]+\.m?js)["'`]\s*\)/g)].map((match) => match[1]!)
}

function resolveFrom(from: string, specifier: string): string {
  return specifier.startsWith('/')
    ? specifier
    : posix.normalize(posix.join(posix.dirname(from), specifier))
}

interface Measure {
  js: number
  css: number
  lazyJs: number
  files: string[]
}

/** The product serving this build: on-demand pages are read from it. */
const origin = (
  process.env.SAKAN_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`
).replace(/\/+$/, '')

/** A page's HTML: the built file when it is pre-rendered, else as the product renders it now. */
async function pageHtml(path: string): Promise<string> {
  const file = join(client, path.replace(/^\//, ''), 'index.html')
  if (existsSync(file)) return readFileSync(file, 'utf8')
  const response = await fetch(`${origin}${path}`)
  if (!response.ok) throw new Error(`GET ${origin}${path} answered ${response.status}`)
  return response.text()
}

async function measurePage(path: string): Promise<Measure> {
  const html = await pageHtml(path)
  const entry = new Set<string>()
  let inline = 0
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = '', body = ''] = match
    if (/type=["']?application\/ld\+json/.test(attributes)) continue
    const src = /\bsrc=["']?([^"'\s>]+)/.exec(attributes)?.[1]
    if (src) entry.add(src)
    else if (body.trim()) {
      inline += gz(body)
      for (const specifier of staticImports(body)) entry.add(specifier)
    }
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const attribute of ['component-url', 'renderer-url']) {
      const url = new RegExp(`${attribute}="([^"]+)"`).exec(match[0])?.[1]
      if (url) entry.add(url)
    }
  }

  const seen = new Set<string>()
  const lazy = new Set<string>()
  const queue = [...entry]
  let js = inline
  while (queue.length > 0) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    seen.add(url)
    const code = readAsset(url)
    js += gz(code)
    for (const specifier of staticImports(code)) queue.push(resolveFrom(url, specifier))
    for (const specifier of dynamicImports(code)) lazy.add(resolveFrom(url, specifier))
  }
  let lazyJs = 0
  const lazySeen = new Set<string>()
  const lazyQueue = [...lazy].filter((url) => !seen.has(url))
  while (lazyQueue.length > 0) {
    const url = lazyQueue.shift()!
    if (seen.has(url) || lazySeen.has(url) || !url.endsWith('.js')) continue
    lazySeen.add(url)
    const code = readAsset(url)
    lazyJs += gz(code)
    for (const specifier of staticImports(code)) lazyQueue.push(resolveFrom(url, specifier))
  }

  let css = 0
  for (const match of html.matchAll(/<link\b[^>]*rel=["']?stylesheet[^>]*>/g)) {
    const href = /href=["']?([^"'\s>]+)/.exec(match[0])?.[1]
    if (href) css += gz(readAsset(href))
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) css += gz(match[1] ?? '')

  return { js, css, lazyJs, files: [...seen] }
}

/** The first room's page (rooms are rendered on each request). */
async function firstProperty(lang: string): Promise<string> {
  const rooms = (await (await fetch(`${origin}/api/rooms?_start=0&_end=1`)).json()) as {
    id: number
  }[]
  if (rooms.length === 0) throw new Error('The catalogue is empty: no room page to measure')
  return `/${lang}/property/${rooms[0]!.id}`
}

const built = existsSync(join(client, 'en', 'privacy', 'index.html'))
const format = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`

if (built)
  describe('size budgets (gzipped, built output)', () => {
    const pages = ['en', 'ar'].flatMap((lang) => [
      { name: `${lang} home`, path: async () => `/${lang}`, budget: BUDGETS.home },
      { name: `${lang} listings`, path: async () => `/${lang}/listings`, budget: BUDGETS.listings },
      { name: `${lang} property`, path: () => firstProperty(lang), budget: BUDGETS.property },
      { name: `${lang} privacy`, path: async () => `/${lang}/privacy`, budget: BUDGETS.legal },
    ])

    for (const page of pages) {
      it(`${page.name}: JS ≤ ${format(page.budget.js)}, CSS ≤ ${format(page.budget.css)}`, async () => {
        const size = await measurePage(await page.path())
        console.log(
          `${page.name.padEnd(14)} JS ${format(size.js).padStart(8)}  CSS ${format(size.css).padStart(8)}` +
            (size.lazyJs ? `  (+ ${format(size.lazyJs)} JS loaded on demand)` : '')
        )
        expect(size.js).toBeLessThanOrEqual(page.budget.js)
        expect(size.css).toBeLessThanOrEqual(page.budget.css)
      })
    }

    it("counts a room's gallery island: its component and its renderer (React)", async () => {
      const path = await firstProperty('en')
      const island =
        /<astro-island\b[^>]*\bcomponent-url="([^"]+)"[^>]*\brenderer-url="([^"]+)"/.exec(
          await pageHtml(path)
        )
      expect(island, 'the gallery island').not.toBeNull()
      const { files } = await measurePage(path)
      expect(files).toEqual(expect.arrayContaining([island![1], island![2]]))
    })

    it("counts the home page's quick search island, hydrated once the page is idle", async () => {
      const html = await pageHtml('/en')
      const island =
        /<astro-island\b[^>]*\bcomponent-url="([^"]+)"[^>]*\brenderer-url="([^"]+)"[^>]*\bclient="idle"/.exec(
          html
        )
      expect(island, 'the quick search island').not.toBeNull()
      const { files } = await measurePage('/en')
      expect(files).toEqual(expect.arrayContaining([island![1], island![2]]))
    })
  })

if (!built)
  describe('size budgets', () => {
    it('need a build', () => {
      throw new Error(
        `No build in ${dirname(client)}: run \`npm run build -w site\` (with the API running) before the tests.`
      )
    })
  })
