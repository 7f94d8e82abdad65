/*
 * Section 6, part 1: the catalogue's pages under load beside a static file of the same size
 * served by the same server in the same run. Each page's twin is the page's own HTML as it
 * was served (so it has its size and compresses alike), written into the scratch site's
 * client/bench-static/ with its `.br` and `.gz` as scripts/precompress.mjs writes a page's,
 * which sirv (api/app/server/front_door.ts) serves from the files it listed at start: the
 * twins are written between a first server, which answers the pages, and the measured one.
 * Both sides are asked with `Accept-Encoding: br, gzip`, as a browser asks.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib'
import { compareCase } from './load.mjs'
import { onCleanup } from './processes.mjs'

/** The folder of the twins, under the site's client/ (and their URL's path). */
export const STATIC_FOLDER = 'bench-static'

/** What a browser sends, on both sides. */
export const ACCEPT_ENCODING = { 'accept-encoding': 'br, gzip' }

/** The four pages measured, each with the name of its static twin. */
export function throughputPages(roomId) {
  return [
    { name: 'home', path: '/en/', twin: 'home-en.html' },
    { name: 'listings', path: '/en/listings', twin: 'listings-en.html' },
    { name: 'a property', path: `/en/property/${roomId}`, twin: 'property-en.html' },
    { name: 'listings (ar)', path: '/ar/listings', twin: 'listings-ar.html' },
  ].map((page) => ({ ...page, staticPath: `/${STATIC_FOLDER}/${page.twin}` }))
}

/** Why a body is not a real page, or undefined when it is one. */
function notAPage(status, body) {
  if (status !== 200) return `HTTP ${status}`
  if (!body.includes('<html')) return 'the body is not an HTML page (no `<html`)'
  return undefined
}

/**
 * One GET as the load generator sends it (node:http, no decoding): the status, the encoding
 * and bytes sent, and the body decoded.
 */
function probe(url) {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: ACCEPT_ENCODING }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () => {
        const sent = Buffer.concat(chunks)
        const encoding = response.headers['content-encoding'] ?? 'identity'
        const decode =
          { br: brotliDecompressSync, gzip: gunzipSync }[encoding] ?? ((bytes) => bytes)
        resolve({ status: response.statusCode, encoding, sent: sent.length, body: decode(sent) })
      })
    })
    call.on('error', reject)
    call.end()
  })
}

/**
 * Reads each page uncompressed from a running server: `[{ ...page, html, problem }]`
 * (`html` the bytes of a real page, else `problem` says what came instead).
 */
export async function readPages(origin, pages) {
  const read = []
  for (const page of pages) {
    const response = await fetch(origin + page.path, { headers: { 'accept-encoding': 'identity' } })
    const html = Buffer.from(await response.arrayBuffer())
    const problem = notAPage(response.status, html)
    read.push(problem ? { ...page, problem } : { ...page, html })
  }
  return read
}

/**
 * Writes each real page's twin and its variants into `clientFolder`/bench-static/; returns a
 * function that removes them (else removed at the end of the run).
 */
export function writeStaticTwins(clientFolder, pages) {
  const folder = join(clientFolder, STATIC_FOLDER)
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  const remove = onCleanup(`remove ${folder}`, () =>
    rmSync(folder, { recursive: true, force: true })
  )
  for (const page of pages) {
    if (!page.html) continue
    const file = join(folder, page.twin)
    writeFileSync(file, page.html)
    /* As precompress.mjs writes a page: a fast brotli, gzip 9, each only when smaller. */
    const variants = {
      br: brotliCompressSync(page.html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: page.html.length,
        },
      }),
      gz: gzipSync(page.html, { level: 9 }),
    }
    for (const [suffix, bytes] of Object.entries(variants))
      if (bytes.length < page.html.length) writeFileSync(`${file}.${suffix}`, bytes)
  }
  return remove
}

/**
 * Measures every page beside its twin on the server at `origin` (started after the twins were
 * written). Returns `[{ name, path, staticPath, bytes, problem?, page: {…, encoding, sent},
 * static: {…}, }]`, where `page` and `static` are load.mjs's medians.
 */
export async function measurePages({ origin, pages, settings, log }) {
  const results = []
  for (const page of pages) {
    const result = { name: page.name, path: page.path, staticPath: page.staticPath }
    results.push(result)
    if (page.problem) {
      result.problem = `${page.path}: ${page.problem}`
      log(`${page.name}: NOT MEASURED — ${result.problem}`)
      continue
    }
    result.bytes = page.html.length
    /* Both sides checked once as autocannon will get them: a real page, of the same size. */
    const [served, twin] = await Promise.all([
      probe(origin + page.path),
      probe(origin + page.staticPath),
    ])
    result.problem =
      notAPage(served.status, served.body) ??
      (notAPage(twin.status, twin.body) && `the static file: ${notAPage(twin.status, twin.body)}`)
    if (!result.problem && twin.body.length !== result.bytes)
      result.problem = `the static file has ${twin.body.length} bytes, the page ${result.bytes}`
    if (result.problem) {
      log(`${page.name}: NOT MEASURED — ${result.problem}`)
      continue
    }
    log(
      `${page.name} ${page.path}: ${result.bytes} B; page sent ${served.sent} B (${served.encoding}), ` +
        `static ${twin.sent} B (${twin.encoding})`
    )
    const measured = await compareCase({
      apiUrl: origin + page.path,
      bareUrl: origin + page.staticPath,
      settings,
      headers: ACCEPT_ENCODING,
      names: ['page  ', 'static'],
      progress: (line) => log(`${page.name}: ${line}`),
    })
    result.page = { ...measured.api, encoding: served.encoding, sent: served.sent }
    result.static = { ...measured.bare, encoding: twin.encoding, sent: twin.sent }
  }
  return results
}
