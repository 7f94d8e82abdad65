/*
 * The server's TypeScript loader, on the main thread (`node --import=./bin/loader.mjs
 * bin/server.ts`). Same transform as @poppinss/ts-exec (SWC with the decorators and metadata
 * Lucid needs; resolving `x.js` to `x.ts`), which the tests and ace keep using — but through
 * Node's synchronous in-thread hooks (module.registerHooks) instead of an off-thread loader:
 * no second JavaScript heap for the loader, no cross-thread round trip for every `import()`
 * (AdonisJS imports controllers and middleware lazily), and no inline source map kept in
 * every module's source text in production. It matters for the one-process server's memory.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire, registerHooks } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/* Stack traces point into the sources during development; production keeps no maps in memory. */
const withMaps = process.env.NODE_ENV !== 'production'
if (withMaps) process.setSourceMapsEnabled(true)

const swcOptions = {
  sourceMaps: withMaps ? 'inline' : false,
  module: { type: 'es6' },
  jsc: {
    target: 'esnext',
    externalHelpers: false,
    parser: { syntax: 'typescript', tsx: false, decorators: true, dynamicImport: true },
    transform: {
      legacyDecorator: true,
      decoratorMetadata: true,
      useDefineForClassFields: true,
    },
    experimental: { keepImportAttributes: true },
    keepClassNames: true,
  },
}

/*
 * What SWC wrote, kept on disk by a hash of the source and the options: a server
 * started again over the same sources loads no SWC at all, and SWC's 30 MB native module and
 * its working memory are most of what a started server holds beyond its JavaScript heap.
 * A changed file has another hash, so nothing stale is ever loaded; files are written whole
 * (a temporary name, then renamed), so replicas starting together can share the folder.
 */
const cacheDir =
  process.env.SAKAN_TS_CACHE ?? fileURLToPath(new URL('../tmp/compiled/', import.meta.url))
const optionsKey = JSON.stringify(swcOptions)
let swc

function compile(filename) {
  const source = readFileSync(filename, 'utf8')
  const key = createHash('sha256').update(optionsKey).update(filename).update(source).digest('hex')
  const cached = join(cacheDir, `${key}.js`)
  try {
    return readFileSync(cached, 'utf8')
  } catch {
    /* Not compiled yet: SWC is loaded on the first miss only. */
  }
  swc ??= createRequire(import.meta.url)('@swc/core')
  const { code } = swc.transformSync(source, { ...swcOptions, filename })
  try {
    mkdirSync(cacheDir, { recursive: true })
    const partial = `${cached}.${process.pid}.tmp`
    writeFileSync(partial, code)
    renameSync(partial, cached)
  } catch {
    /* A read-only disk: compile on every start, as before. */
  }
  return code
}

const isTypeScript = (url) => /\.[mc]?ts$/.test(url.split('?')[0]) && !url.endsWith('.d.ts')

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context)
    } catch (error) {
      /* Sources import their siblings as `x.js` (TypeScript's convention): try `x.ts`. */
      const url = error?.url
      if (
        error?.code === 'ERR_MODULE_NOT_FOUND' &&
        typeof url === 'string' &&
        url.endsWith('.js')
      ) {
        return nextResolve(url.slice(0, -3) + '.ts', context)
      }
      throw error
    }
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !isTypeScript(url)) return nextLoad(url, context)
    return { format: 'module', source: compile(fileURLToPath(url)), shortCircuit: true }
  },
})
