/*
 * `node scripts/precompress.mjs <folder>…`: writes `<file>.br` and `<file>.gz` next to every
 * text file of a build (HTML, JS, CSS, SVG, JSON, XML, text, web manifest), so the one-process
 * server (api/app/server/front_door.ts, through sirv) sends them compressed at no cost per
 * request. Run by the site's and the account app's builds on their output.
 *
 * Hashed assets (`_astro/`, `_app/`: few, large, cached for a year) get the strongest levels;
 * pages and the rest a fast brotli, which keeps the site's build quick with thousands of room
 * pages. A variant no smaller than its file is not written (sirv then serves the file), and
 * variants left from an earlier build whose file is gone are removed.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const TEXT = /\.(html?|m?js|css|svg|json|xml|txt|webmanifest)$/i
const VARIANT = /\.(br|gz)$/
const HASHED = /(^|[/\\])(_astro|_app)[/\\]/

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function* files(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (entry.isFile()) yield path
  }
}

/** Writes the file's variants; answers the bytes saved. */
async function compress(path, strong) {
  const content = await readFile(path)
  const variants = [
    [
      `${path}.br`,
      await brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: strong ? 11 : 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    ],
    [`${path}.gz`, await gzipAsync(content, { level: 9 })],
  ]
  let saved = 0
  for (const [file, bytes] of variants) {
    if (bytes.length < content.length) {
      await writeFile(file, bytes)
      saved = Math.max(saved, content.length - bytes.length)
    } else {
      await rm(file, { force: true })
    }
  }
  return { before: content.length, saved }
}

async function precompress(folder) {
  const all = []
  for await (const path of files(folder)) all.push(path)
  const present = new Set(all)
  const stale = all.filter((path) => VARIANT.test(path) && !present.has(path.slice(0, -3)))
  await Promise.all(stale.map((path) => rm(path, { force: true })))

  const queue = all.filter((path) => TEXT.test(path))
  const count = queue.length
  let before = 0
  let saved = 0
  /* zlib's async calls run on libuv's pool: keep every core busy, no more. */
  const workers = Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
    for (let path = queue.pop(); path; path = queue.pop()) {
      const result = await compress(path, HASHED.test(relative(folder, path)))
      before += result.before
      saved += result.saved
    }
  })
  await Promise.all(workers)
  return { count, before, saved }
}

const folders = process.argv.slice(2)
if (folders.length === 0) {
  console.error('usage: node scripts/precompress.mjs <folder>…')
  process.exit(2)
}
for (const folder of folders.map((name) => resolve(name))) {
  const started = performance.now()
  const { count, before, saved } = await precompress(folder)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const where = relative(process.cwd(), folder) || '.'
  console.log(
    `precompress ${where}${sep}: ${count} text files, ${(before / 1024).toFixed(0)} KB → ` +
      `${((before - saved) / 1024).toFixed(0)} KB at best, in ${seconds} s`
  )
}
