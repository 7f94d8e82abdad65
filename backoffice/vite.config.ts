/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { LANGUAGE_STORAGE_KEY } from '@sakan/common'
import { defineConfig, type Plugin } from 'vite'

/** Where the API runs in development (`npm run dev` proxies `/api` and `/media` to it). */
const apiUrl = process.env.SAKAN_API_URL ?? 'http://127.0.0.1:3000'

/** The shared storage key for index.html's start-up script (language before the first paint). */
function sharedConstants(): Plugin {
  return {
    name: 'sakan-shared-constants',
    transformIndexHtml: (html) =>
      html.replaceAll('__LANGUAGE_STORAGE_KEY__', JSON.stringify(LANGUAGE_STORAGE_KEY)),
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
  plugins: [react(), sharedConstants()],
  css: { postcss: { plugins: [scopeCardFormStyles] } },
  resolve: {
    // The shared design tokens and base styles, the same files the public site imports.
    alias: { '@sakan/styles': fileURLToPath(new URL('../common/styles', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    // Assets live under /_app/…, never colliding with the site's /_astro/….
    assetsDir: '_app',
    // No source maps in a build: they would publish the sources (the dev server has its own).
    sourcemap: false,
    // Small files are inlined as data: URLs, but never fonts: the Content-Security-Policy
    // allows fonts from our origin only (services/security_headers.ts in the API).
    assetsInlineLimit: (file, content) =>
      !/\.(woff2?|ttf|otf)$/i.test(file) && content.length < 2048,
    rolldownOptions: {
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
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
})
