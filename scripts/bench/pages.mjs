/*
 * Sections 2 and 3: Lighthouse (mobile, its default configuration) on the public pages and
 * the account app's /login in both languages, and the weight of every resource each page
 * loads, gzipped.
 */
import { gzipSync } from 'node:zlib'
import lighthouse from 'lighthouse'
import { launchChromium } from './chromium.mjs'
import { onCleanup } from './processes.mjs'
import { median } from './stats.mjs'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const RETRIES = 2

/** The eight pages: four kinds in English and Arabic. */
export function pagesOf(roomId) {
  const kinds = [
    ['home', (locale) => `/${locale}/`],
    ['listings', (locale) => `/${locale}/listings`],
    ['property', (locale) => `/${locale}/property/${roomId}`],
    /* One URL: the account app takes its language from the browser's. */
    ['login', () => '/login'],
  ]
  return kinds.flatMap(([kind, path]) =>
    ['en', 'ar'].map((locale) => ({ kind, locale, path: path(locale) }))
  )
}

/** What a resource counts as, by Lighthouse's resource type. */
function groupOf(resourceType) {
  return (
    { Document: 'html', Stylesheet: 'css', Script: 'js', Font: 'fonts' }[resourceType] ?? 'other'
  )
}

const gzipCache = new Map()

/** A same-origin resource fetched again uncompressed and gzipped (level 9, as the site's budgets). */
async function gzippedSize(url, locale) {
  if (!gzipCache.has(url)) {
    gzipCache.set(
      url,
      (async () => {
        const response = await fetch(url, {
          headers: { 'accept-encoding': 'identity', 'accept-language': locale },
        })
        const body = Buffer.from(await response.arrayBuffer())
        return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length }
      })()
    )
  }
  return gzipCache.get(url)
}

/**
 * The page's weight from one Lighthouse run's network records: gzipped bytes per group
 * (html, css, js, fonts, other), bytes Lighthouse saw transferred, and the requests to other
 * origins (counted apart: they cannot be fetched again here).
 */
async function weightOf(lhr, origin, locale) {
  const items = lhr.audits['network-requests']?.details?.items ?? []
  const weight = { html: 0, css: 0, js: 0, fonts: 0, other: 0, transferred: 0, external: [] }
  const seen = new Set()
  for (const item of items) {
    if (!item.url || seen.has(item.url) || item.url.startsWith('data:')) continue
    seen.add(item.url)
    weight.transferred += item.transferSize ?? 0
    if (new URL(item.url).origin !== origin) {
      weight.external.push(item.url)
      continue
    }
    const { gzip } = await gzippedSize(item.url, locale)
    weight[groupOf(item.resourceType)] += gzip
  }
  return weight
}

async function lighthouseRun(url, locale, chromium) {
  const browser = await launchChromium(chromium, locale)
  const close = onCleanup('close Chromium', browser.close)
  try {
    const result = await lighthouse(url, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    })
    return result.lhr
  } finally {
    await close()
  }
}

const score = (lhr, category) => {
  const value = lhr.categories[category]?.score
  return typeof value === 'number' ? Math.round(value * 100) : NaN
}

/**
 * Measures every page: `runs` Lighthouse runs each (medians), the weight from the first.
 * Returns `[{ kind, locale, path, scores: {category: median}, lcpMs, cls, tbtMs, weight, errors }]`.
 */
export async function benchmarkPages({ origin, roomId, settings }) {
  const results = []
  for (const page of pagesOf(roomId)) {
    const url = origin + page.path
    const reports = []
    const errors = []
    /*
     * A run Lighthouse itself could not complete (a lost trace, NO_NAVSTART, a browser that
     * did not start) says nothing of the page: it is retried, up to RETRIES times per page.
     */
    let retries = RETRIES
    for (let run = 1; run <= settings.lighthouseRuns; run++) {
      let problem
      try {
        const lhr = await lighthouseRun(url, page.locale, settings.chromium)
        if (lhr.runtimeError) problem = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
        else reports.push(lhr)
      } catch (error) {
        problem = error.message.split('\n')[0]
      }
      if (!problem) continue
      errors.push(problem)
      console.log(`  ${page.path} (${page.locale}): a Lighthouse run failed (${problem})`)
      if (retries-- > 0) run--
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, median(reports.map((lhr) => score(lhr, category)))])
    )
    const audit = (id) => median(reports.map((lhr) => lhr.audits[id]?.numericValue ?? NaN))
    const weight = reports[0] ? await weightOf(reports[0], origin, page.locale) : null
    console.log(
      `  ${page.path} (${page.locale}): ` +
        CATEGORIES.map((category) => `${category} ${scores[category]}`).join(', ') +
        (weight ? `; JS ${(weight.js / 1024).toFixed(1)} KB gz` : '') +
        (errors.length ? `; ${errors.length} failed run(s)` : '')
    )
    results.push({
      ...page,
      scores,
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbtMs: audit('total-blocking-time'),
      weight,
      runs: reports.length,
      errors,
    })
  }
  return results
}
