import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { SortOrder } from '@sakan/common'
import { pageOf, type ListPage } from '#services/paging'
import { orderOf, searchPattern, type SortColumns } from '#validators/list_query'

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

/**
 * One page of a back-office list of models: the total before paging (one COUNT of the
 * filtered query) and the page in the asked order, serialised. `build` adds the list's
 * filters; `preload` what the page's rows need.
 */
export async function modelPage<Model extends LucidModel>(
  model: Model,
  input: ValidatedListQuery,
  sorts: SortColumns,
  build: (query: ModelQueryBuilderContract<Model>) => void,
  serialize: (row: InstanceType<Model>) => unknown,
  preload: (query: ModelQueryBuilderContract<Model>) => void = () => {}
): Promise<ListPage<unknown[]>> {
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
  return {
    rows: rows.map((row) => serialize(row as InstanceType<Model>)),
    total: Number(counted.$extras.total ?? 0),
  }
}
