import vine from '@vinejs/vine'
import type { SchemaTypes } from '@vinejs/vine/types'
import type { SortOrder } from '@sakan/common'
import { pagingFields } from '#validators/paging'

/** The longest free-text search a list accepts (`q`). */
export const MAX_SEARCH_LENGTH = 100

export const SORT_ORDERS = ['asc', 'desc'] as const satisfies readonly SortOrder[]

/**
 * A list's sortable fields: the JSON name the client sends → the SQL column or expression it
 * orders by (our own text, never input). Only these may be `_sort`ed; any other name is a
 * 422 on `_sort` ("Sorting by this field is not supported"), never an ORDER BY of input.
 */
export type SortColumns = Readonly<Record<string, string>>

/**
 * The fields of every back-office list, spread into its validator beside its own filters:
 * Refine simple-rest's paging (`_start`/`_end`), sorting (`_sort` from `sortable`, `_order`)
 * and free-text search (`q`).
 */
export function listQueryFields(sortable: SortColumns) {
  return {
    ...pagingFields,
    _sort: vine.enum(Object.keys(sortable)).optional(),
    _order: vine.enum(SORT_ORDERS).optional(),
    q: vine.string().trim().maxLength(MAX_SEARCH_LENGTH).optional(),
  }
}

/** A list's validator: its own filters, then `listQueryFields(sortable)` (in that order). */
export function listValidator<Filters extends Record<string, SchemaTypes>>(
  sortable: SortColumns,
  filters: Filters
) {
  return vine.create(vine.object({ ...filters, ...listQueryFields(sortable) }))
}

/**
 * The ORDER BY of a validated list query: the chosen column and direction (ascending unless
 * `_order` says otherwise, as simple-rest sends it), then `id` as the tie-breaker so pages
 * never overlap; without `_sort`, newest first.
 */
export function orderOf(
  query: { _sort?: string; _order?: SortOrder },
  sortable: SortColumns,
  idColumn = 'id'
): Array<{ column: string; order: SortOrder }> {
  if (!query._sort) return [{ column: idColumn, order: 'desc' }]
  const order = query._order ?? 'asc'
  const column = sortable[query._sort]
  return column === idColumn
    ? [{ column, order }]
    : [
        { column, order },
        { column: idColumn, order },
      ]
}

/**
 * `q` as a LIKE pattern matching it anywhere, its own `%`, `_` and `\` taken literally
 * (use with `ESCAPE '\'`), lower-cased: compare with `lower(column)`.
 */
export function searchPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
