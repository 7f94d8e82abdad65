/**
 * The account app split by route: what each route loads up front, from a fresh
 * production build of this app (built here into a temporary folder, so it is never stale).
 *
 * A route loads the entry (index.html's script) and its own modules (route-chunks.ts:
 * the page, and for the pages that read data Refine's layout route and the guards) with every
 * chunk they import statically, plus the current language's start-up translations (`common`
 * and the first part of `account`) and the route's own (the data pages' texts). Chunks fetched
 * later with `import()` (Firebase at her first interaction, the toast area at the first toast,
 * the REST client at the first data call) are not counted; the page's CSS is reported.
 *
 * - `/login` loads at most 150 KB of gzipped JavaScript in either language.
 * - A tenant's routes load no admin code: no chunk they import, statically or through their
 *   own `import()`s, holds a module of `pages/admin` or `components/admin`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { build, type Plugin, type Rollup } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chunkOf, chunksOf, closure, entryChunk, ROUTES, routeLoad } from '../route-chunks'

const KB = 1024
const LOGIN_JS_BUDGET = 150 * KB

const root = fileURLToPath(new URL('..', import.meta.url))
const gz = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length
const format = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`
const ADMIN_CODE = /[\\/]src[\\/](pages|components)[\\/]admin[\\/]/

let chunks: Rollup.OutputChunk[] = []
// The files as written to disk (as served): Vite's last steps run after `generateBundle`.
const outDir = mkdtempSync(join(tmpdir(), 'sakan-backoffice-budget-'))
const written = (file: string) => readFileSync(join(outDir, file))
let assets = new Map<string, Rollup.OutputAsset>()

const entry = () => entryChunk(chunks)
const routeOf = (path: string) => {
  const route = ROUTES.find((candidate) => candidate.path === path)
  if (!route) throw new Error(`No route ${path} in route-chunks.ts`)
  return route
}
const startChunks = (path: string) =>
  routeOf(path).modules.map((module) => chunkOf(chunks, root, module))

function measure(path: string, lang: 'en' | 'ar') {
  const { loaded, texts, styles } = routeLoad(chunks, root, routeOf(path), lang)
  const js = [...loaded, ...texts].reduce((sum, chunk) => sum + gz(written(chunk.fileName)), 0)
  const css = styles
    .filter((file) => assets.has(file))
    .reduce((sum, file) => sum + gz(written(file)), 0)
  return { js, css, loaded }
}

beforeAll(async () => {
  const capture: Plugin = {
    name: 'sakan-capture-bundle',
    // After Vite's own `generateBundle` steps, which write the preload lists into the code.
    enforce: 'post',
    generateBundle(_options, bundle) {
      chunks = chunksOf(bundle)
      assets = new Map(
        Object.values(bundle)
          .filter((item) => item.type === 'asset')
          .map((asset) => [asset.fileName, asset])
      )
    },
  }
  // Vitest runs with NODE_ENV=test, which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      root,
      configFile: `${root}vite.config.ts`,
      mode: 'production',
      logLevel: 'error',
      plugins: [capture],
      build: { outDir, emptyOutDir: true },
    })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
}, 180_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('the account app split by route (built output, gzipped)', () => {
  // What the split is for: a light sign-in page.
  for (const lang of ['en', 'ar'] as const) {
    it(`/login (${lang}) loads at most ${format(LOGIN_JS_BUDGET)} of JavaScript`, () => {
      const { js, css } = measure('/login', lang)
      console.log(`/login ${lang}  JS ${format(js)}  CSS ${format(css)}`)
      expect(js).toBeLessThanOrEqual(LOGIN_JS_BUDGET)
    })
  }

  it('does not load Refine, React Query or Firebase on the sign-in pages', () => {
    for (const route of ['/login', '/register']) {
      const modules = measure(route, 'en').loaded.flatMap((chunk) => Object.keys(chunk.modules))
      const heavy = modules.filter((id) =>
        /node_modules[\\/](@refinedev|@tanstack|firebase|@firebase)[\\/]/.test(id)
      )
      expect(heavy, route).toEqual([])
    }
  })

  for (const { path: route } of ROUTES.filter((candidate) => !candidate.admin)) {
    it(`${route} loads no admin code`, () => {
      // The route's own chunks with what they import, also later, and the entry's static graph.
      const loaded = [...closure(chunks, startChunks(route), true), ...closure(chunks, [entry()])]
      const admin = loaded.flatMap((chunk) =>
        Object.keys(chunk.modules)
          .filter((id) => ADMIN_CODE.test(id))
          .map((id) => `${chunk.fileName}: ${id.slice(root.length)}`)
      )
      const { js } = measure(route, 'en')
      console.log(`${route.padEnd(22)} JS ${format(js)} (en)`)
      expect(admin).toEqual([])
    })
  }

  it('keeps the admin pages out of the entry chunk', () => {
    const modules = closure(chunks, [entry()]).flatMap((chunk) => Object.keys(chunk.modules))
    expect(modules.filter((id) => ADMIN_CODE.test(id))).toEqual([])
    // …and they still exist as their own chunks, so this test measures what it claims.
    expect(chunkOf(chunks, root, 'src/pages/admin/index.tsx').isDynamicEntry).toBe(true)
  })
})
