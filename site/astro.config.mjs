// @ts-check
import node from '@astrojs/node'
import react from '@astrojs/react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'astro/config'

process.env.ASTRO_TELEMETRY_DISABLED = '1'

/** The public origin, for canonical URLs, hreflang, Open Graph and the sitemap. */
const site = process.env.SAKAN_SITE_URL ?? 'http://127.0.0.1:3000'

export default defineConfig({
  site,
  // Pages are static unless they opt out (`export const prerender = false`).
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  compressHTML: true,
  devToolbar: { enabled: false },
  prefetch: false,
  vite: {
    // The shared design tokens and base styles (common/styles), for the site and the back office.
    resolve: {
      alias: { '@sakan/styles': fileURLToPath(new URL('../common/styles', import.meta.url)) },
    },
    build: { assetsInlineLimit: 2048 },
  },
})
