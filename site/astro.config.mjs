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
  // SAKAN_BUILD_DIR: another output folder (npm run bench builds into a scratch one).
  outDir: process.env.SAKAN_BUILD_DIR ?? './dist',
  // Pages are static unless they opt out (`export const prerender = false`).
  output: 'static',
  // staticHeaders: each pre-rendered page's Content-Security-Policy goes to dist/_headers.json
  // (an on-demand page's to its response head) instead of a <meta>; the front door completes
  // it into the one policy (api/app/server/security_headers.ts) and sends it as a header.
  adapter: node({ mode: 'middleware', staticHeaders: true }),
  integrations: [react()],
  trailingSlash: 'ignore',
  // Every page's CSS inline (about 7 KB gzipped): no stylesheet request blocks the first paint.
  // Astro hashes each <style> into the page's policy (security.csp below).
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  devToolbar: { enabled: false },
  prefetch: false,
  // Astro hashes the scripts and styles it writes into a page (bundled scripts, island
  // loaders, inlined CSS); `is:inline` scripts add theirs through components/InlineScript.astro.
  security: { csp: { algorithm: 'SHA-256' } },
  // No Markdown here; Shiki's inline styles would not pass the policy anyway.
  markdown: { syntaxHighlight: false },
  vite: {
    // The shared design tokens and base styles (common/styles), for the site and the back office.
    resolve: {
      alias: { '@sakan/styles': fileURLToPath(new URL('../common/styles', import.meta.url)) },
    },
    build: {
      // Small files are inlined as data: URLs, but never fonts: the Content-Security-Policy
      // allows fonts from our origin only.
      assetsInlineLimit: (file, content) =>
        !/\.(woff2?|ttf|otf)$/i.test(file) && content.length < 2048,
      // No source maps in a build: they would publish the sources.
      sourcemap: false,
    },
  },
})
