import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import {
  ANY_LOCATION,
  toHalalas,
  type BuildingAmenity,
  type Locale,
  type Location,
  type RoomFeature,
  type RoomSort,
} from '@sakan/common'
import { PHOTO_SOURCES, PHOTO_WIDTHS, mediaUrl } from '#transformers/room_transformer'
import type { PhotoExtension } from '#config/photo_formats'
import {
  bilingualFields,
  cachedJson,
  childRows,
  childValues,
  type JsonSql,
} from '#services/sql_json'
import { readRows } from '#services/sqlite_reads'

export interface RoomFilter {
  location?: Location
  priceMin?: number
  priceMax?: number
  amenities?: BuildingAmenity[]
  features?: RoomFeature[]
  availability?: boolean
  featured?: boolean
  sort?: RoomSort
}

/**
 * The catalogue query behind the listings: every filter of the specification, combined
 * with AND. Amenities are the building's (it has all of them), features the room's.
 */
export function filteredRooms(filter: RoomFilter): DatabaseQueryBuilderContract<any> {
  /* Archived rooms are kept for history, never shown. */
  const query = db.from('rooms').whereNull('rooms.archived_at')
  const buildingWhere: Array<(q: any) => void> = []

  if (filter.location && filter.location !== ANY_LOCATION) {
    buildingWhere.push((q) => q.where('zone', filter.location!))
  }
  if (filter.featured) buildingWhere.push((q) => q.where('is_fully_managed', true))
  for (const amenity of filter.amenities ?? []) {
    buildingWhere.push((q) =>
      q.whereIn('id', db.from('building_amenities').select('building_id').where('amenity', amenity))
    )
  }
  if (buildingWhere.length > 0) {
    query.whereIn('rooms.building_id', (sub) => {
      sub.from('buildings').select('id')
      for (const where of buildingWhere) where(sub)
    })
  }
  if (filter.priceMin !== undefined) {
    query.where('rooms.price_halalas', '>=', toHalalas(filter.priceMin))
  }
  if (filter.priceMax !== undefined) {
    query.where('rooms.price_halalas', '<=', toHalalas(filter.priceMax))
  }
  if (filter.availability !== undefined) query.where('rooms.availability', filter.availability)
  /* Correlated EXISTS on the (room_id, feature) key: checked per candidate room, after the
     indexed filters above have narrowed the candidates. */
  for (const feature of filter.features ?? []) {
    query.whereExists((sub) =>
      sub
        .from('room_features')
        .whereColumn('room_features.room_id', 'rooms.id')
        .where('room_features.feature', feature)
    )
  }
  return query
}

/** The listing's order: columns of `rooms` and their directions. */
function roomOrder(filter: RoomFilter): Array<[string, 'asc' | 'desc']> {
  const order: Array<[string, 'asc' | 'desc']> = []
  /* Featured rooms are the home page's showcase: available ones first, so an occupied room
     is featured only when too few are free (rooms_availability_created_at_index). */
  if (filter.featured) order.push(['availability', 'desc'])
  switch (filter.sort ?? 'newest') {
    case 'priceAsc':
      order.push(['price_halalas', 'asc'])
      break
    case 'priceDesc':
      order.push(['price_halalas', 'desc'])
      break
    case 'newest':
      order.push(['created_at', 'desc'])
      break
  }
  /* A stable order across pages when the sort key ties. */
  order.push(['id', 'desc'])
  return order
}

/**
 * One room's JSON as `serializeRoom` shapes it (transformers/room_transformer.ts), for the
 * room `r` joined with its building `b`: photos by position, features and amenities by code.
 */
function roomJson(json: JsonSql, locale: Locale): string {
  /* The image rules of room_transformer.ts: every stored width up to the photo's own, the
     largest as `src` (the photo's own width when it is narrower than all of them). */
  const widths = [...PHOTO_WIDTHS].reverse()
  const url = (width: string) => `'/media/' || p.key || '-' || ${width} || '.jpg'`
  const largest = `(CASE ${widths.map((w) => `WHEN p.width >= ${w} THEN ${w}`).join(' ')} ELSE p.width END)`
  const src = url(largest)
  const srcset = (extension: PhotoExtension) =>
    `(CASE ${widths
      .map(
        (w) =>
          `WHEN p.width >= ${w} THEN ${literalSrcset(
            PHOTO_WIDTHS.filter((width) => width <= w),
            extension
          )}`
      )
      .join(' ')} ELSE '' END)`
  const photos = (element: string) =>
    childRows(json, 'room_photos p WHERE p.room_id = r.id', element, 'p.position')
  const image = json.object([
    ['src', json.text(src)],
    ['srcset', json.text(srcset('jpg'))],
    ['width', json.integer('p.width')],
    ['height', json.integer('p.height')],
    [
      'sources',
      json.list(
        PHOTO_SOURCES.map(({ type, extension }) =>
          json.object([
            ['type', json.constant(type)],
            ['srcset', json.text(srcset(extension))],
          ])
        )
      ),
    ],
  ])
  const building = json.object([
    ['id', json.integer('b.id')],
    ...bilingualFields(json, 'name', 'b.name_en', 'b.name_ar', locale),
    ...bilingualFields(json, 'address', 'b.address_en', 'b.address_ar', locale),
    ['zone', json.text('b.zone')],
    [
      'amenities',
      childValues(json, 'building_amenities a WHERE a.building_id = b.id', 'a.amenity'),
    ],
    ['latitude', json.float('b.latitude')],
    ['longitude', json.float('b.longitude')],
    ['isFullyManaged', json.boolean('b.is_fully_managed')],
  ])
  return json.object([
    ['id', json.integer('r.id')],
    ['roomNumber', json.text('r.room_number')],
    ['price', json.money('r.price_halalas')],
    ['currency', json.constant('SAR')],
    ['createdAt', json.instant('r.created_at')],
    ['photos', photos(json.text(src))],
    ['images', photos(image)],
    ...bilingualFields(json, 'description', 'r.description_en', 'r.description_ar', locale),
    ['features', childValues(json, 'room_features f WHERE f.room_id = r.id', 'f.feature')],
    ['size', json.decimal('r.size_m2')],
    ...bilingualFields(json, 'type', 'r.type_en', 'r.type_ar', locale),
    ['availability', json.boolean('r.availability')],
    /* Only while taken, as the transformer says it. */
    ['availableFrom', json.date('(CASE WHEN r.availability THEN NULL ELSE r.available_from END)')],
    ['occupancyRate', json.integer('r.occupancy_rate')],
    ['buildingId', json.integer('r.building_id')],
    ['building', building],
  ])
}

/** A `srcset` of these widths in this format, as SQL concatenating the photo's key. */
function literalSrcset(widths: readonly number[], extension: PhotoExtension): string {
  return widths
    .map((width) => `'${mediaUrl("' || p.key || '", width, extension)} ${width}w'`)
    .join(` || ', ' || `)
}

const cachedRoomJson = (locale: Locale) => cachedJson('room', locale, roomJson)

/*
 * The catalogue's version as of the statement that reads a page: the page is a pure function
 * of it, its language and its URL, so its ETag can be kept (public_cache_middleware.ts).
 */
const CATALOG_VERSION = '(SELECT version FROM catalog_state WHERE id = 1)'

/** SQL with its bindings, as the query builder compiles it. */
interface Statement {
  sql: string
  bindings: readonly unknown[]
}

/*
 * The catalogue's reads are compiled by the query builder once and kept, by what their SQL
 * depends on, rather than compiled on every read. Bounded; the least recently
 * used goes first.
 */
const STATEMENTS_KEPT = 300
const keptStatements = new Map<string, Statement>()

function keptStatement(key: string, compile: () => Statement): Statement {
  let statement = keptStatements.get(key)
  if (statement) {
    keptStatements.delete(key)
  } else {
    const { sql, bindings } = compile()
    statement = { sql, bindings }
    if (keptStatements.size >= STATEMENTS_KEPT)
      keptStatements.delete(keptStatements.keys().next().value!)
  }
  keptStatements.set(key, statement)
  return statement
}

/*
 * A page's statement, per filter, page, language and database: visitors ask the same few
 * pages over and over (the first page of each listing, the quick searches), and compiling one
 * costs more than a warm read on SQLite.
 */
function pageStatement(filter: RoomFilter, page: { start: number; limit: number }, locale: Locale) {
  const key = JSON.stringify(['page', db.primaryConnectionName, locale, page, filter])
  return keptStatement(key, () => {
    const order = roomOrder(filter)
    const inner = filteredRooms(filter).select('rooms.*')
    for (const [column, direction] of order) inner.orderBy(`rooms.${column}`, direction)
    inner.offset(page.start).limit(page.limit)
    const query = db
      .from(inner.as('r'))
      .join('buildings as b', 'b.id', 'r.building_id')
      .select(db.raw(`${cachedRoomJson(locale)} AS json`), db.raw(`${CATALOG_VERSION} AS version`))
    for (const [column, direction] of order) query.orderBy(`r.${column}`, direction)
    return query.toSQL()
  })
}

/**
 * One page of the catalogue as JSON texts, one row per room in the listing's order, each with
 * the catalogue's version it was read at: the page is chosen in a derived table first, so the
 * JSON is built for its rows only.
 */
export async function roomPage(
  filter: RoomFilter,
  page: { start: number; limit: number },
  locale: Locale
): Promise<Array<{ json: string; version: string | number }>> {
  const { sql, bindings } = pageStatement(filter, page, locale)
  return readRows(sql, bindings)
}

/* A room's read, per language and database: its first binding is the room's id. */
function roomStatement(locale: Locale) {
  return keptStatement(JSON.stringify(['room', db.primaryConnectionName, locale]), () =>
    db
      .from('rooms as r')
      .join('buildings as b', 'b.id', 'r.building_id')
      .where('r.id', 0)
      .select(
        db.raw(`${cachedRoomJson(locale)} AS json`),
        db.raw(`${CATALOG_VERSION} AS version`),
        'r.archived_at'
      )
      .limit(1)
      .toSQL()
  )
}

/**
 * One room's JSON text with the catalogue's version it was read at (its ETag is kept per
 * version, as a listing page's is); `'archived'` for a room kept for history only (a 410),
 * null for an unknown id.
 */
export async function roomRead(
  id: number | string,
  locale: Locale
): Promise<{ json: string; version: string | number } | 'archived' | null> {
  const statement = roomStatement(locale)
  const [row] = await readRows<{ json: string; version: string | number; archived_at: unknown }>(
    statement.sql,
    [id, ...statement.bindings.slice(1)]
  )
  if (!row) return null
  return row.archived_at === null ? { json: row.json, version: row.version } : 'archived'
}

/** One room's JSON text; `'archived'` or null as `roomRead` says. */
export async function roomById(
  id: number | string,
  locale: Locale
): Promise<string | 'archived' | null> {
  const read = await roomRead(id, locale)
  return read !== null && typeof read === 'object' ? read.json : read
}

/* The catalogue's state row's read, per database. */
function catalogStateStatement() {
  return keptStatement(JSON.stringify(['state', db.primaryConnectionName]), () =>
    db.from('catalog_state').where('id', 1).select('version', 'rooms_total').limit(1).toSQL()
  )
}

/*
 * Exact totals without counting every time. Triggers (migration 0016) keep one row,
 * `catalog_state`: the number of rooms, and a `version` that changes with every write to
 * the tables a listing filters on, whichever process makes it. The unfiltered total is that
 * row; a filtered total is counted once per version and filter, kept in a small LRU.
 * Versions are random, not incremented, so a rolled-back write cannot bring back a version
 * number some cached count was taken at.
 */
const COUNT_CACHE_SIZE = 500
const countCache = new Map<string, number>()

/** The filter's parts that change which rooms match, in one canonical form. */
function filterKey(filter: RoomFilter): string | null {
  const parts: Array<[string, unknown]> = []
  if (filter.location && filter.location !== ANY_LOCATION) parts.push(['location', filter.location])
  if (filter.featured) parts.push(['featured', true])
  if (filter.amenities?.length) parts.push(['amenities', [...filter.amenities].sort()])
  if (filter.features?.length) parts.push(['features', [...filter.features].sort()])
  if (filter.priceMin !== undefined) parts.push(['priceMin', toHalalas(filter.priceMin)])
  if (filter.priceMax !== undefined) parts.push(['priceMax', toHalalas(filter.priceMax)])
  if (filter.availability !== undefined) parts.push(['availability', filter.availability])
  return parts.length === 0 ? null : JSON.stringify(parts)
}

/** How many rooms match the filter (the listing's X-Total-Count). */
export async function roomTotal(filter: RoomFilter): Promise<number> {
  const statement = catalogStateStatement()
  const [state] = await readRows<{ version: string | number; rooms_total: string | number }>(
    statement.sql,
    statement.bindings
  )
  const key = filterKey(filter)
  if (key === null) return Number(state.rooms_total)
  const cacheKey = `${state.version}|${key}`
  const cached = countCache.get(cacheKey)
  if (cached !== undefined) {
    /* Most recently used last: Map keeps insertion order. */
    countCache.delete(cacheKey)
    countCache.set(cacheKey, cached)
    return cached
  }
  const [counted] = await filteredRooms(filter).count('* as total')
  const total = Number(counted?.total ?? 0)
  countCache.set(cacheKey, total)
  if (countCache.size > COUNT_CACHE_SIZE) countCache.delete(countCache.keys().next().value!)
  return total
}
