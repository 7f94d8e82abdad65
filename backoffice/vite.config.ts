/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { AUTH_SESSION_HINT_KEY, LANGUAGE_STORAGE_KEY } from '@sakan/common'
import { defineConfig, type Plugin } from 'vite'
import { signInFirstPaint } from './first-paint'
import {
  ACCOUNT_DATA_SECTIONS,
  chunksOf,
  closure,
  entryChunk,
  LANGUAGES,
  ROUTES,
  routeLoad,
  START_TEXTS,
  translationChunk,
} from './route-chunks'

const appRoot = fileURLToPath(new URL('./', import.meta.url))

/** Where the API runs in development (`npm run dev` proxies `/api` and `/media` to it). */
const apiUrl = process.env.SAKAN_API_URL ?? 'http://127.0.0.1:3000'

/** The shared storage keys for index.html's start-up scripts (language, session hint). */
function sharedConstants(): Plugin {
  return {
    name: 'sakan-shared-constants',
    transformIndexHtml: (html) =>
      html
        .replaceAll('__LANGUAGE_STORAGE_KEY__', JSON.stringify(LANGUAGE_STORAGE_KEY))
        .replaceAll('__SESSION_HINT_KEY__', JSON.stringify(AUTH_SESSION_HINT_KEY)),
  }
}

/**
 * Preload hints for the route being opened. The entry loads a page with `import()` only once
 * it runs and has its translations, and the page's chunks load their imports in turn: a
 * waterfall of round trips before the first paint of the page. A small start-up script in
 * index.html (after the language script, so it knows the language) adds
 * `<link rel="modulepreload">` for the current route's chunks and the language's start-up
 * translations (and the data pages' texts on their routes), and `<link rel="preload" as="style">` for the route's styles (CORS mode, as
 * Vite's loader asks for them later), so everything downloads in parallel with the entry. Only the current route's files: a tenant's page never
 * asks for the administrator's code.
 */
function routePreloads(): Plugin {
  return {
    name: 'sakan-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html
        const chunks = chunksOf(context.bundle)
        // Vite already preloads what the entry imports statically.
        const known = new Set(closure(chunks, [entryChunk(chunks)]).map((chunk) => chunk.fileName))
        const url = (file: string) => `/${file}`
        const routes = ROUTES.map((route) => {
          // The route's chunks and styles are the same in both languages; its texts are not.
          const { loaded, styles } = routeLoad(chunks, appRoot, route, 'en')
          const texts = Object.fromEntries(
            LANGUAGES.map((lang) => [
              lang,
              route.texts.map((file) => url(translationChunk(chunks, lang, file).fileName)),
            ])
          )
          return [
            route.pattern,
            loaded
              .filter((chunk) => !known.has(chunk.fileName))
              .map((chunk) => url(chunk.fileName)),
            styles.map(url),
            texts,
          ]
        })
        const texts = Object.fromEntries(
          LANGUAGES.map((lang) => [
            lang,
            START_TEXTS.map((file) => url(translationChunk(chunks, lang, file).fileName)),
          ])
        )
        const script = `(function(){var r=${JSON.stringify(routes)},t=${JSON.stringify(texts)},p=location.pathname,h=document.head,g=document.documentElement.lang==='ar'?'ar':'en',f=t[g];function a(u,s){var l=document.createElement('link');if(s){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)}for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){f=f.concat(r[i][1],r[i][3][g]);for(var j=0;j<r[i][2].length;j++)a(r[i][2][j],1);break}for(var k=0;k<f.length;k++)a(f[k])})()`
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] }
      },
    },
  }
}

/**
 * The two parts of the `account` texts (route-chunks.ts, ACCOUNT_DATA_SECTIONS):
 * `…/locales/<lang>/account.json?part=start` and `?part=data` are that one file's sections,
 * read from it as it is (no copy of any text), each a module whose default export is the texts.
 */
function accountTextParts(): Plugin {
  const data = new Set<string>(ACCOUNT_DATA_SECTIONS)
  return {
    name: 'sakan-account-text-parts',
    load(id) {
      // In development Vite adds its own `import` to the query.
      const match =
        /^(.*[\\/]locales[\\/](?:en|ar)[\\/]account\.json)\?(?:.*&)?part=(start|data)(?:&|$)/.exec(
          id
        )
      if (!match) return null
      const [, file = '', part] = match
      this.addWatchFile(file)
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
      const sections = Object.entries(texts).filter(([key]) => data.has(key) === (part === 'data'))
      return `export default ${JSON.stringify(Object.fromEntries(sections))}`
    },
  }
}

/**
 * Moyasar's form stylesheet is scoped to its own `div#mysr` except for two reset rules on
 * `html` and `body` (line height, font), which would restyle every page once the payment
 * form has loaded. This PostCSS step drops those two selectors from that one file.
 */
const scopeCardFormStyles = {
  postcssPlugin: 'sakan-scope-card-form-styles',
  Rule(rule: { selectors: string[]; source?: { input: { file?: string } }; remove(): void }) {
    if (!/moyasar-payment-form[\\/]dist[\\/]moyasar\.css$/.test(rule.source?.input.file ?? ''))
      return
    const kept = rule.selectors.filter((selector) => !/^(html|body)$/.test(selector.trim()))
    if (kept.length === rule.selectors.length) return
    if (kept.length === 0) rule.remove()
    else rule.selectors = kept
  },
}

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    sharedConstants(),
    accountTextParts(),
    signInFirstPaint(fileURLToPath(new URL('../common/locales/', import.meta.url))),
    routePreloads(),
  ],
  css: { postcss: { plugins: [scopeCardFormStyles] } },
  resolve: {
    // The shared design tokens and base styles, the same files the public site imports.
    alias: { '@sakan/styles': fileURLToPath(new URL('../common/styles', import.meta.url)) },
  },
  build: {
    // SAKAN_BUILD_DIR: another output folder (npm run bench builds into a scratch one).
    outDir: process.env.SAKAN_BUILD_DIR ?? 'dist',
    emptyOutDir: true,
    // Assets live under /_app/…, never colliding with the site's /_astro/….
    assetsDir: '_app',
    // No source maps in a build: they would publish the sources (the dev server has its own).
    sourcemap: false,
    // Every browser the app supports knows `<link rel="modulepreload">`: no polyfill in the
    // entry chunk.
    modulePreload: { polyfill: false },
    // Small files are inlined as data: URLs, but never fonts: the Content-Security-Policy
    // allows fonts from our origin only (server/security_headers.ts in the API).
    assetsInlineLimit: (file, content) =>
      !/\.(woff2?|ttf|otf)$/i.test(file) && content.length < 2048,
    rolldownOptions: {
      // Shared chunks are named by their hash alone: every chunk names the chunks it imports,
      // and the entry lists every lazy page's, so long names cost bytes on every first load.
      output: { chunkFileNames: '_app/[hash].js' },
      treeshake: {
        // Refine's core imports these CommonJS packages at its top, for its CSV import/export
        // hooks (papaparse) and its development-only devtools traces (error-stack-parser);
        // they declare no `sideEffects`, so the bundler would keep them in the first load even
        // though nothing here calls them. They have no import-time effects: keep them only
        // where they are used.
        moduleSideEffects: [
          {
            test: /[\\/]node_modules[\\/](papaparse|error-stack-parser|stackframe)[\\/]/,
            sideEffects: false,
          },
        ],
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': apiUrl, '/media': apiUrl },
  },
  preview: {
    proxy: { '/api': apiUrl, '/media': apiUrl },
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    // One React Router for the tests' own router and Refine's binding to it (its context):
    // loaded apart, Refine's hooks would find no router around the pages rendered in jsdom.
    server: { deps: { inline: [/react-router/] } },
  },
})
