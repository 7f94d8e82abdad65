/*
 * Following the catalogue's change log (migration 0021, `page_changes`) so that each process's
 * page cache (page_cache.ts) regenerates exactly the pages a committed write changed, within
 * a poll or two of it (every `pollMs`, 250 ms by default), on every replica alike: each reads
 * the one database.
 *
 *   a room (its row, features, photos)      its page in both languages, and the list pages
 *                                           (home, listings) that link to it
 *   a room that may enter or leave a list   also every list page
 *   (availability, building)
 *   a room entering or leaving the public   also every list page and the sitemap's files
 *   catalogue (created, deleted, archived,
 *   restored)
 *   a building (its row, amenities)         its rooms' pages and the lists that link to them;
 *                                           the home page when "fully managed" changed
 *   a review                                the home page
 *
 * Ids are given out before commit, so on PostgreSQL a row may appear after rows with higher
 * ids: the ids skipped over are asked for again for a minute (`gaps`). A batch of more than
 * `batch` rows (a generated catalogue) empties the cache instead: pages render on demand.
 * Rows older than ten minutes are pruned.
 */
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import {
  HOME_KEYS,
  LIST_KEYS,
  isSitemapKey,
  propertyKeys,
  type PageCache,
} from '#server/page_cache'

interface ChangeRow {
  id: number
  subject: 'room' | 'building' | 'reviews'
  subject_id: number | null
  reach: number | string
  created_ms: number | string
}

export interface PageChangesOptions {
  pollMs?: number
  batch?: number
  log?: (level: 'info' | 'warn' | 'error', message: string) => void
}

const GAP_MS = 60_000
const KEEP_MS = 10 * 60_000
const PRUNE_EVERY_MS = 60_000
const MAX_GAPS = 10_000

/** The pages a set of changes makes stale, given what the cache keeps. */
export function stalePages(
  cache: Pick<PageCache, 'linksOf' | 'keys'>,
  changes: {
    rooms: Set<number>
    /** A room may have entered or left a list. */
    listed: boolean
    /** A room entered or left the public catalogue. */
    catalogue: boolean
    reviews: boolean
    featured: boolean
  }
): Set<string> {
  const keys = new Set<string>()
  for (const room of changes.rooms) for (const key of propertyKeys(room)) keys.add(key)
  for (const key of LIST_KEYS) {
    const listed = changes.listed || changes.catalogue
    if (listed || [...changes.rooms].some((room) => cache.linksOf(key).has(room))) {
      keys.add(key)
    }
  }
  if (changes.reviews || changes.featured) for (const key of HOME_KEYS) keys.add(key)
  if (changes.catalogue) for (const key of cache.keys()) if (isSitemapKey(key)) keys.add(key)
  return keys
}

export class PageChanges {
  readonly #cache: PageCache
  readonly #db: QueryClientContract
  readonly #pollMs: number
  readonly #batch: number
  readonly #log: PageChangesOptions['log']
  #cursor = 0
  /* Ids skipped over, by when they were first missed. */
  readonly #gaps = new Map<number, number>()
  #timer: NodeJS.Timeout | undefined
  #polling: Promise<void> | undefined
  #lastPrune = 0
  #stopped = false

  constructor(cache: PageCache, db: QueryClientContract, options: PageChangesOptions = {}) {
    this.#cache = cache
    this.#db = db
    this.#pollMs = options.pollMs ?? 250
    this.#batch = options.batch ?? 5000
    this.#log = options.log
  }

  /** Starts after the last change already written: the cache starts empty. */
  async start() {
    const row = await this.#db.from('page_changes').max('id as last').first()
    this.#cursor = Number(row?.last ?? 0)
    this.#schedule()
  }

  async stop() {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#polling
  }

  /** One look at the log (the timer's, or a test's). */
  poll(): Promise<void> {
    this.#polling ??= this.#pollOnce().finally(() => (this.#polling = undefined))
    return this.#polling
  }

  #schedule() {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      this.poll()
        .catch((error: unknown) => this.#log?.('warn', `page changes: ${String(error)}`))
        .finally(() => this.#schedule())
    }, this.#pollMs)
    this.#timer.unref()
  }

  async #pollOnce() {
    const rows: ChangeRow[] = await this.#db
      .from('page_changes')
      .select('id', 'subject', 'subject_id', 'reach', 'created_ms')
      .where('id', '>', this.#cursor)
      .orderBy('id')
      .limit(this.#batch + 1)
    const late: ChangeRow[] =
      this.#gaps.size > 0
        ? await this.#db
            .from('page_changes')
            .select('id', 'subject', 'subject_id', 'reach', 'created_ms')
            .whereIn('id', [...this.#gaps.keys()].slice(0, 1000))
        : []

    if (rows.length > this.#batch) {
      const last = await this.#db.from('page_changes').max('id as last').first()
      this.#cursor = Number(last?.last ?? this.#cursor)
      this.#gaps.clear()
      this.#log?.('info', `page changes: more than ${this.#batch} at once, every page renders anew`)
      await this.#cache.clear()
      this.#cache.warm([...LIST_KEYS, '/sitemap.xml'])
      await this.#prune()
      return
    }

    const now = Date.now()
    for (const row of late) this.#gaps.delete(Number(row.id))
    for (const [id, since] of this.#gaps) if (now - since > GAP_MS) this.#gaps.delete(id)
    for (const row of rows) {
      const id = Number(row.id)
      for (let missing = this.#cursor + 1; missing < id; missing++) {
        if (this.#gaps.size < MAX_GAPS) this.#gaps.set(missing, now)
      }
      this.#cursor = id
    }

    const changes = [...late, ...rows]
    if (changes.length > 0) await this.#apply(changes)
    if (now - this.#lastPrune > PRUNE_EVERY_MS) await this.#prune()
  }

  async #apply(changes: ChangeRow[]) {
    const rooms = new Set<number>()
    const buildings = new Set<number>()
    let listed = false
    let catalogue = false
    let reviews = false
    let featured = false
    for (const change of changes) {
      const reach = Number(change.reach)
      if (change.subject === 'reviews') reviews = true
      else if (change.subject === 'room' && change.subject_id !== null) {
        rooms.add(Number(change.subject_id))
        listed ||= reach >= 1
        catalogue ||= reach >= 2
      } else if (change.subject === 'building' && change.subject_id !== null) {
        buildings.add(Number(change.subject_id))
        featured ||= reach >= 1
      }
    }
    const ids = [...buildings]
    for (let start = 0; start < ids.length; start += 500) {
      const inBuildings = await this.#db
        .from('rooms')
        .whereIn('building_id', ids.slice(start, start + 500))
        .select('id')
      for (const row of inBuildings) rooms.add(Number(row.id))
    }
    this.#cache.invalidate(stalePages(this.#cache, { rooms, listed, catalogue, reviews, featured }))
  }

  async #prune() {
    this.#lastPrune = Date.now()
    const newest = await this.#db.from('page_changes').max('created_ms as newest').first()
    const before = Number(newest?.newest ?? 0) - KEEP_MS
    if (before > 0) await this.#db.from('page_changes').where('created_ms', '<', before).delete()
  }
}
