import db from '@adonisjs/lucid/services/db'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { SortOrder } from '@sakan/common'
import { pageOf, type ListPage } from '#services/paging'
import { orderOf, searchPattern, type SortColumns } from '#validators/list_query'
import { AUDIT_SORTS } from '#validators/listing'
import type { AuditEventRecord } from '#transformers/admin_transformer'

/** A validated list query: paging, sorting and search (validators/list_query.ts). */
export interface ValidatedListQuery {
  _start?: number
  _end?: number
  _sort?: string
  _order?: SortOrder
  q?: string
}

/** A query builder's part the search needs (Lucid's model and plain query builders alike). */
interface Searchable {
  where(
    callback: (query: { orWhereRaw(sql: string, bindings: string[]): unknown }) => void
  ): unknown
}

/** `q` over these columns (our own names, never input): any of them contains it, case-insensitively. */
export function whereContains(query: Searchable, q: string | undefined, columns: string[]) {
  if (!q) return
  const pattern = searchPattern(q)
  query.where((any) => {
    for (const column of columns) any.orWhereRaw(`lower(${column}) LIKE ? ESCAPE '\\'`, [pattern])
  })
}

/** Archived records only (`true`), the others only (`false`), or all of them (no filter). */
export function whereArchived(
  query: { whereNull(column: string): unknown; whereNotNull(column: string): unknown },
  archived: boolean | undefined
) {
  if (archived === true) query.whereNotNull('archived_at')
  else if (archived === false) query.whereNull('archived_at')
}

/**
 * One page of a back-office list of models: the total before paging (one COUNT of the
 * filtered query) and the page's models in the asked order. `build` adds the list's filters;
 * `preload` what the page's rows need.
 */
export async function modelRows<Model extends LucidModel>(
  model: Model,
  input: ValidatedListQuery,
  sorts: SortColumns,
  build: (query: ModelQueryBuilderContract<Model>) => void,
  preload: (query: ModelQueryBuilderContract<Model>) => void = () => {}
): Promise<ListPage<InstanceType<Model>[]>> {
  const filtered = () => {
    const query = model.query()
    build(query)
    return query
  }
  const [counted] = await filtered().count('* as total')
  const { start, limit } = pageOf(input)
  const page = filtered()
  for (const { column, order } of orderOf(input, sorts)) page.orderBy(column, order)
  preload(page)
  const rows = await page.offset(start).limit(limit)
  return { rows: rows as InstanceType<Model>[], total: Number(counted.$extras.total ?? 0) }
}

/** `modelRows`, each row serialised. */
export async function modelPage<Model extends LucidModel>(
  model: Model,
  input: ValidatedListQuery,
  sorts: SortColumns,
  build: (query: ModelQueryBuilderContract<Model>) => void,
  serialize: (row: InstanceType<Model>) => unknown,
  preload: (query: ModelQueryBuilderContract<Model>) => void = () => {}
): Promise<ListPage<unknown[]>> {
  const page = await modelRows(model, input, sorts, build, preload)
  return { rows: page.rows.map(serialize), total: page.total }
}

/** A validated query of the audit log: the list's paging, sorting and search, and its filters. */
export interface AuditEventsQuery extends ValidatedListQuery {
  actorId?: number
  action?: string
  subjectType?: string
  subjectId?: number
}

/**
 * One page of the audit log: the total before paging (one COUNT of the filtered events) and
 * the page in the asked order, each event with its actor's name and address.
 */
export async function auditEventsPage(
  input: AuditEventsQuery
): Promise<ListPage<AuditEventRecord[]>> {
  const filtered = () => {
    const query = db.from('audit_events')
    if (input.actorId) query.where('actor_id', input.actorId)
    if (input.action) query.where('action', input.action)
    if (input.subjectType) query.where('subject_type', input.subjectType)
    if (input.subjectId) query.where('subject_id', input.subjectId)
    whereContains(query, input.q, ['action'])
    return query
  }
  const [counted] = await filtered().count('* as total')
  const { start, limit } = pageOf(input)
  const order = orderOf(input, AUDIT_SORTS)
  const page = filtered().select('*').offset(start).limit(limit)
  for (const { column, order: direction } of order) page.orderBy(column, direction)
  const rows = db
    .from(page.as('x'))
    .leftJoin('users as u', 'u.id', 'x.actor_id')
    .select(
      'x.*',
      'u.full_name as actor_name',
      'u.username as actor_username',
      'u.email as actor_email'
    )
  for (const { column, order: direction } of order) rows.orderBy(`x.${column}`, direction)
  return { rows: await rows, total: Number(counted?.total ?? 0) }
}
