/*
 * The public pages' cache, started by bin/server.ts once the application has booted: pages
 * rendered by this process's own loopback listener (which serves the site without the cache),
 * regenerated from the change log, warmed at the first page asked for.
 *
 * The first page asked for (not the boot: `npm start` builds the site once the API answers)
 * renders each locale's home and listings and the sitemap index, and every public room's page
 * when the catalogue has at most `PAGE_WARM_ROOMS` (100) rooms (the product's launcher asks
 * for one once the site is built, so the demo catalogue is ready when it says so); over that, rooms' pages render on their first
 * request and are kept, so start-up does not grow with the catalogue.
 */
import { readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { LOCALES } from '@sakan/common'
import { LIST_KEYS, PageCache, propertyKeys, type Rendered } from '#server/page_cache'
import { PageChanges } from '#server/page_changes'

export interface PublicPages {
  cache: PageCache
  changes: PageChanges
  stop(): Promise<void>
}

type Log = (level: 'info' | 'warn' | 'error', message: string) => void

/** A render: the page as the site answers it on the loopback listener, uncompressed. */
export function loopbackRenderer(origin: string, timeoutMs = 30_000) {
  return async (key: string): Promise<Rendered> => {
    const response = await fetch(`${origin}${key}`, {
      headers: { 'accept-encoding': 'identity' },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => (headers[name] = value))
    return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) }
  }
}

/** The folders of processes no longer running (a crash, a kill) are removed. */
async function removeOrphans(parent: string) {
  for (const name of await readdir(parent).catch(() => [])) {
    const pid = Number(name)
    if (!Number.isInteger(pid) || pid === process.pid) continue
    try {
      process.kill(pid, 0)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') {
        await rm(join(parent, name), { recursive: true, force: true })
      }
    }
  }
}

/** The top pages, and every room's page of a small catalogue (`PAGE_WARM_ROOMS`). */
async function warmUp(cache: PageCache) {
  cache.warm([...LIST_KEYS, '/sitemap.xml'])
  const state = await db.from('catalog_state').where('id', 1).first()
  if (Number(state?.rooms_total ?? Infinity) <= env.get('PAGE_WARM_ROOMS', 100)) {
    const rooms = await db.from('rooms').whereNull('archived_at').select('id').orderBy('id')
    cache.warm(rooms.flatMap((room) => propertyKeys(Number(room.id))))
  }
}

export async function startPublicPages(options: {
  origin: string
  log: Log
}): Promise<PublicPages> {
  const parent = join(tmpdir(), 'sakan-pages')
  const dir = env.get('PAGE_CACHE_DIR') ?? join(parent, `${process.pid}`)
  if (!env.get('PAGE_CACHE_DIR')) await removeOrphans(parent)
  const cache: PageCache = new PageCache({
    render: loopbackRenderer(options.origin),
    dir,
    memoryBytes: env.get('PAGE_CACHE_MEMORY_MB', 32) * 1024 * 1024,
    log: options.log,
    onFirstGet: () =>
      warmUp(cache).catch((error: unknown) =>
        options.log('warn', `page warm-up: ${String(error)}`)
      ),
  })
  await cache.open()
  const changes = new PageChanges(cache, db.connection(), {
    pollMs: env.get('PAGE_CHANGES_POLL_MS', 250),
    log: options.log,
  })
  await changes.start()

  options.log('info', `public pages cached in ${dir} (${LOCALES.length} locales)`)

  return {
    cache,
    changes,
    async stop() {
      await changes.stop()
      await cache.close()
    },
  }
}
