/**
 * A table's filters as the query string the API reads (the simple-rest convention: one
 * `field=value` per equality filter, `q` for the search), for calls beside the list — the
 * payments' summary and the CSV download of the same filtered set.
 */
import type { CrudFilter } from '@refinedev/core'

export function filterQuery(filters: CrudFilter[]): URLSearchParams {
  const query = new URLSearchParams()
  for (const filter of filters) {
    if (!('field' in filter) || filter.value === undefined || filter.value === null) continue
    if (filter.value === '') continue
    query.set(filter.field, String(filter.value))
  }
  return query
}
