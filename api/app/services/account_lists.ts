import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { Locale, PageRange, SortOrder } from '@sakan/common'
import type User from '#models/user'
import { idsContaining } from '#services/list_search'
import { DOCUMENT_VIEWED } from '#services/id_documents_at_rest'
import { pageOf, type ListPage } from '#services/paging'
import {
  bilingualFields,
  cachedJson,
  childRows,
  childValues,
  jsonArrayOf,
  type JsonSql,
} from '#services/sql_json'
import { orderOf, type SortColumns } from '#validators/list_query'
import { APPLICATION_SORTS, MAINTENANCE_SORTS, PAYMENT_SORTS } from '#validators/listing'

/*
 * The account lists (applications, payments, maintenance requests) read as the catalogue
 * does: one statement whose rows carry each element's final JSON, shaped as the serialisers
 * of transformers/application_transformer.ts and account_transformer.ts shape one record
 * (tests/functional/read_snapshots.spec.ts holds them together). The page is chosen in a
 * derived table `x`, so the JSON is built for its rows only; the total is one count.
 */

type Query = DatabaseQueryBuilderContract<any>

/** `{id, name, name_en, name_ar}` of the building `alias` (`buildingName()`). */
function buildingName(json: JsonSql, alias: string, locale: Locale): string {
  return json.object([
    ['id', json.integer(`${alias}.id`)],
    ...bilingualFields(json, 'name', `${alias}.name_en`, `${alias}.name_ar`, locale),
  ])
}

/** A user's display name as the serialisers fall back: full name, then username. */
const fullName = (alias: string) => `COALESCE(${alias}.full_name, ${alias}.username)`

/** The list's user `u` as its element names her: `{id, fullName}`, then `more` of her. */
function userJson(json: JsonSql, more: Array<[string, string]> = []): string {
  return json.object([
    ['id', json.integer('u.id')],
    ['fullName', json.text(fullName('u'))],
    ...more,
  ])
}

/** The list's room `r` as its element names it: `{id, roomNumber}`, then `more` of it. */
function roomJson(json: JsonSql, more: Array<[string, string]> = []): string {
  return json.object([
    ['id', json.integer('r.id')],
    ['roomNumber', json.text('r.room_number')],
    ...more,
  ])
}

/** The administrator's looks at the application `x`'s document (services/id_documents_at_rest.ts). */
const DOCUMENT_VIEWS = `audit_events e WHERE e.subject_type = 'application' AND e.subject_id = x.id AND e.action = '${DOCUMENT_VIEWED}'`

function applicationJson(json: JsonSql, locale: Locale): string {
  return json.object([
    ['id', json.integer('x.id')],
    ['status', json.text('x.status')],
    ['createdAt', json.instant('x.created_at')],
    ['moveInDate', json.date('x.move_in_date')],
    ['additionalInfo', json.text('x.additional_info')],
    ['idDocument', json.text('x.document_key')],
    ['idDocumentType', json.text('x.document_content_type')],
    [
      'documentViews',
      json.object([
        ['count', json.integer(`(SELECT COUNT(*) FROM ${DOCUMENT_VIEWS})`)],
        ['lastAt', json.instant(`(SELECT MAX(e.created_at) FROM ${DOCUMENT_VIEWS})`)],
      ]),
    ],
    ['documentDestroyedAt', json.instant('x.document_destroyed_at')],
    ['reviewedAt', json.instant('x.reviewed_at')],
    ['roomId', json.integer('x.room_id')],
    [
      'user',
      userJson(json, [
        ['email', json.text('u.email')],
        ['emailVerified', json.boolean('u.email_verified')],
        ['phone', json.text('u.phone')],
      ]),
    ],
    [
      'room',
      roomJson(json, [
        ['price', json.money('r.price_halalas')],
        ['building', buildingName(json, 'b', locale)],
      ]),
    ],
  ])
}

function paymentJson(json: JsonSql, locale: Locale): string {
  return json.object([
    ['id', json.integer('x.id')],
    ['amount', json.money('x.amount_halalas')],
    ['currency', json.text('x.currency')],
    ['paymentMethod', json.text('x.method')],
    ['monthCovered', json.text('x.month_covered')],
    ['paymentReference', json.text('COALESCE(x.gateway_payment_id, x.reference)')],
    ['paymentStatus', json.text('x.status')],
    ['statusReason', json.text('x.status_reason')],
    ['paymentDate', json.instant('x.payment_date')],
    ['createdAt', json.instant('x.created_at')],
    ['roomId', json.integer('x.room_id')],
    ['room', roomJson(json, [['building', buildingName(json, 'b', locale)]])],
    ['user', userJson(json, [['email', json.text('u.email')]])],
    ['kind', json.text('x.kind')],
    ['monthsCovered', childValues(json, 'payment_months m WHERE m.payment_id = x.id', 'm.month')],
    ['refundedAmount', json.money('x.refunded_halalas')],
    ['voidReason', json.text('x.void_reason')],
  ])
}

function maintenanceJson(json: JsonSql, locale: Locale): string {
  /* maintenancePhotoUrl() of account_transformer.ts: the private photo route. */
  const url = `'/api/maintenance-requests/' || x.id || '/photos/' || p.position`
  const photos = childRows(
    json,
    'maintenance_photos p WHERE p.maintenance_request_id = x.id',
    json.object([['url', json.text(url)]]),
    'p.position'
  )
  const history = childRows(
    json,
    'maintenance_status_changes h LEFT JOIN users c ON c.id = h.changed_by WHERE h.maintenance_request_id = x.id',
    json.object([
      ['from', json.text('h.from_status')],
      ['to', json.text('h.to_status')],
      ['at', json.instant('h.created_at')],
      ['by', json.text('COALESCE(c.full_name, c.email)')],
    ]),
    'h.created_at, h.id'
  )
  return json.object([
    ['id', json.integer('x.id')],
    ['title', json.text('x.title')],
    ['description', json.text('x.description')],
    ['category', json.text('x.category')],
    ['priority', json.text('x.priority')],
    ['status', json.text('x.status')],
    ['createdAt', json.instant('x.created_at')],
    ['roomId', json.integer('x.room_id')],
    ['buildingId', json.integer('x.building_id')],
    ['user', userJson(json)],
    ['room', roomJson(json)],
    ['building', buildingName(json, 'b', locale)],
    ['photos', photos],
    ['history', history],
  ])
}

/** What one list reads: its table, its sortable fields, its JSON and the tables that JSON joins. */
interface AccountList {
  table: string
  /** The whitelist of `_sort` (validators/list_query.ts), as columns of the list's table. */
  sorts: SortColumns
  json: (json: JsonSql, locale: Locale) => string
  /** Joins on the page `x`; `b` is the building the list names. */
  join: (query: Query) => void
}

const joinUserRoomBuilding = (query: Query) =>
  query
    .join('users as u', 'u.id', 'x.user_id')
    .join('rooms as r', 'r.id', 'x.room_id')
    .join('buildings as b', 'b.id', 'r.building_id')

const LISTS = {
  applications: {
    table: 'applications',
    sorts: APPLICATION_SORTS,
    json: applicationJson,
    join: joinUserRoomBuilding,
  },
  payments: {
    table: 'payments',
    sorts: PAYMENT_SORTS,
    json: paymentJson,
    join: joinUserRoomBuilding,
  },
  maintenance: {
    table: 'maintenance_requests',
    sorts: MAINTENANCE_SORTS,
    json: maintenanceJson,
    /* A request names the building it was filed for, not the room's. */
    join: (query: Query) =>
      query
        .join('users as u', 'u.id', 'x.user_id')
        .join('rooms as r', 'r.id', 'x.room_id')
        .join('buildings as b', 'b.id', 'x.building_id'),
  },
} satisfies Record<string, AccountList>

/** Column (our own names, never input) → the value a filter asks for; an empty one filters nothing. */
type ListFilters = Record<string, string | number | null | undefined>

/** The ids of users whose name, username or e-mail contains `q`. */
const applicantIds = (q: string) => idsContaining('users', ['full_name', 'username', 'email'], q)

/** Rows whose user's name, username or e-mail contains `q` (the list's `user_id`). */
export function byApplicant(query: Query, q: string | undefined) {
  if (q) query.whereIn('user_id', applicantIds(q))
}

/** The payments list's filters as columns (the list, its CSV export and its summary). */
export function paymentFilters(input: {
  status?: string
  paymentStatus?: string
  monthCovered?: string
  userId?: number
  roomId?: number
}): ListFilters {
  return {
    status: input.paymentStatus ?? input.status,
    month_covered: input.monthCovered,
    user_id: input.userId,
    room_id: input.roomId,
  }
}

/**
 * The administrator's payments total when the list is filtered by status at most: kept by
 * triggers in `payment_counts` (migration 0020), so a million payments are not counted on each
 * page. Undefined when other filters apply (then the list counts its rows).
 */
export function countedPayments(
  user: User,
  filters: ListFilters,
  input: { buildingId?: number; q?: string }
): (() => Promise<number>) | undefined {
  const others = Object.entries(filters).some(
    ([column, value]) =>
      column !== 'status' && value !== undefined && value !== null && value !== ''
  )
  if (!user.isAdmin || others || input.buildingId || input.q) return undefined
  return async () => {
    const query = db.from('payment_counts').sum('total as total')
    if (filters.status) query.where('status', filters.status)
    const [row] = await query
    return Number(row?.total ?? 0)
  }
}

/** The payments list's conditions through other tables: its building, and `q` (tenant or reference). */
export function narrowPayments(
  query: Query,
  input: { buildingId?: number; buildingRooms?: number[]; q?: string; searchUsers?: number[] }
) {
  inBuilding(query, input.buildingId, input.buildingRooms)
  const q = input.q
  if (q) {
    query.where((either) => {
      /* The tenants the search names, read first when it could (a literal list keeps the
         OR on indexes: PostgreSQL scans the table for an OR with a subquery). */
      if (input.searchUsers) either.whereIn('user_id', input.searchUsers)
      else either.whereIn('user_id', applicantIds(q))
      /* A gateway reference is an opaque id, pasted whole: matched exactly, on its index. */
      either.orWhere('gateway_payment_id', q)
      /* A recorded payment's reference (Ejar, transfer, receipt book), likewise. */
      either.orWhere('reference', q)
    })
  }
}

/**
 * Rows whose room is in the building (payments and applications name rooms, not buildings):
 * its rooms' ids as read by `withNamedIds` when given (a literal list, which PostgreSQL
 * plans on the room index rather than scanning the table), else a subquery.
 */
export function inBuilding(query: Query, buildingId: number | undefined, rooms?: number[]) {
  if (!buildingId) return
  if (rooms) query.whereIn('room_id', rooms)
  else {
    query.whereIn('room_id', (subquery) =>
      subquery.from('rooms').select('id').where('building_id', buildingId)
    )
  }
}

/**
 * The payments list's input with what its conditions name, read once before the list: the
 * building's room ids (at most a few hundred) and the ids of the tenants the search matches.
 */
export async function withNamedIds<Input extends { buildingId?: number; q?: string }>(
  input: Input
): Promise<Input & { buildingRooms?: number[]; searchUsers?: number[] }> {
  const ids = (rows: { id: number }[]) => rows.map((row) => Number(row.id))
  const scoped: Input & { buildingRooms?: number[]; searchUsers?: number[] } = { ...input }
  if (input.buildingId) {
    scoped.buildingRooms = ids(
      await db.from('rooms').where('building_id', input.buildingId).select('id')
    )
  }
  if (input.q) {
    scoped.searchUsers = ids(await applicantIds(input.q))
  }
  return scoped
}

/** Up to this many rows, a filtered list is sorted whole rather than read in index order. */
const SORT_WHOLE_SET = 20_000

const isPostgres = () => db.connection().dialect.name === 'postgres'

/** What an account list's page is read for: the caller, the list's filters and range. */
interface AccountListQuery {
  user: User
  locale: Locale
  filters: ListFilters
  range: PageRange & { _sort?: string; _order?: SortOrder }
  /** The list's further conditions (search, filters through other tables). */
  narrow?: (query: Query) => void
  /** The total when something keeps it already (payment_counts), instead of a COUNT. */
  knownTotal?: () => Promise<number>
}

/**
 * One page of a list, newest first, and its total: the rows the user may see (hers, or all
 * for the administrator: the `visibleTo` rule) that `filters` keep. The rows are the page's
 * JSON array as text, built by the database.
 */
export async function accountList(
  name: keyof typeof LISTS,
  { user, locale, filters, range, narrow = () => {}, knownTotal }: AccountListQuery
): Promise<ListPage<string>> {
  const list: AccountList = LISTS[name]
  const json = cachedJson(name, locale, list.json)

  const visible = () => {
    const query = db.from(list.table)
    if (!user.isAdmin) query.where('user_id', user.id)
    for (const [column, value] of Object.entries(filters)) {
      if (value !== undefined && value !== null && value !== '') query.where(column, value)
    }
    narrow(query)
    return query
  }
  let total: number
  if (knownTotal) total = await knownTotal()
  else {
    const [counted] = await visible().count('* as total')
    total = Number(counted?.total ?? 0)
  }
  const { start, limit } = pageOf(range)
  /* Newest first unless `_sort` names a field of the list's whitelist. */
  const order = range._sort
    ? orderOf(range, list.sorts)
    : [
        { column: 'created_at', order: 'desc' as const },
        { column: 'id', order: 'desc' as const },
      ]
  const page = visible().select('*').offset(start).limit(limit)
  for (const { column, order: direction } of order) {
    /* A small filtered set (a building's, a tenant's) is sorted whole: PostgreSQL would
       otherwise walk the whole created_at index in order, hoping to meet its rows early. */
    if (column === 'created_at' && total <= SORT_WHOLE_SET && isPostgres()) {
      page.orderByRaw(`created_at + interval '0 seconds' ${direction}`)
    } else page.orderBy(column, direction)
  }
  const rowsQuery = db.from(page.as('x')).select(db.raw(`${json} AS json`))
  list.join(rowsQuery)
  for (const { column, order: direction } of order) rowsQuery.orderBy(`x.${column}`, direction)

  return { rows: jsonArrayOf(await rowsQuery), total }
}
