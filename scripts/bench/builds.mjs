/*
 * The front ends the measured server serves, built from the working tree into scratch
 * folders (the developer's site/dist and backoffice/dist are left alone), and section 4:
 * the site's build time over a catalogue of `siteRooms` rooms in both locales.
 *
 * The scratch site lives inside site/ (site/tmp/bench-dist): its server entry imports the
 * site's packages, which Node resolves from the file's own folder upwards.
 */
import { existsSync, readdirSync, rmSync, rmdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { root } from '../lib/steps.mjs'
import { startApi } from './api-server.mjs'
import { scratchDatabase } from './database.mjs'
import { onCleanup, runStep } from './processes.mjs'

export const SITE_DIST = join(root, 'site', 'tmp', 'bench-dist')
export const BACKOFFICE_DIST = join(root, 'backoffice', 'tmp', 'bench-dist')

/** A scratch folder, removed at the end with its parent tmp/ when that is left empty. */
function scratchFolder(path) {
  rmSync(path, { recursive: true, force: true })
  onCleanup(`remove ${path}`, () => {
    rmSync(path, { recursive: true, force: true })
    const parent = dirname(path)
    if (existsSync(parent) && readdirSync(parent).length === 0) rmdirSync(parent)
  })
}

/** The account app, built into its scratch folder. */
export async function buildAccountApp() {
  scratchFolder(BACKOFFICE_DIST)
  await runStep('build the account app', 'npm', ['run', 'build', '-w', 'backoffice'], {
    cwd: root,
    env: { ...process.env, SAKAN_BUILD_DIR: BACKOFFICE_DIST },
  })
}

/**
 * A scratch catalogue of `settings.siteRooms` rooms, the server on it, and the site built from
 * it into its scratch folder, timed. Resolves with `{ seconds, rooms, port, database }`: the
 * catalogue stays (its `remove` undoes it) for the pages section, which serves the site on
 * the same port, the origin its canonical links and sitemap were built with.
 */
export async function buildSite(settings) {
  scratchFolder(SITE_DIST)
  const database = await scratchDatabase({
    dialect: 'sqlite',
    sqliteFile: 'tmp/bench-site.sqlite3',
    rooms: settings.siteRooms,
    seed: settings.seed,
  })
  /* The API the build reads needs no site of its own yet. */
  const api = await startApi({
    database: database.env,
    siteDist: SITE_DIST,
    backofficeDist: BACKOFFICE_DIST,
    label: 'API for the site build',
  })
  try {
    const total = await fetch(`${api.url}/api/rooms?_start=0&_end=1`).then((response) =>
      Number(response.headers.get('x-total-count'))
    )
    const started = performance.now()
    await runStep('build the site (timed)', 'npm', ['run', 'build', '-w', 'site'], {
      cwd: root,
      env: {
        ...process.env,
        SAKAN_API_URL: api.url,
        SAKAN_SITE_URL: api.url,
        SAKAN_BUILD_DIR: SITE_DIST,
      },
    })
    const seconds = (performance.now() - started) / 1000
    return { seconds, rooms: total, port: api.port, database }
  } finally {
    await api.stop()
  }
}
