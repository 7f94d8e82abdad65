/*
 * The server's TypeScript loader, on the main thread (`node --import=./bin/loader.mjs
 * bin/server.ts`). Same transform as @poppinss/ts-exec (SWC with the decorators and metadata
 * Lucid needs; resolving `x.js` to `x.ts`), which the tests and ace keep using — but through
 * Node's synchronous in-thread hooks (module.registerHooks) instead of an off-thread loader:
 * no second JavaScript heap for the loader, no cross-thread round trip for every `import()`
 * (AdonisJS imports controllers and middleware lazily), and no inline source map kept in
 * every module's source text in production. It matters for the one-process server's memory (issue 12).
 */
import { readFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'
import { transformSync } from '@swc/core'

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
    const filename = fileURLToPath(url)
    const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcOptions, filename })
    return { format: 'module', source: code, shortCircuit: true }
  },
})
