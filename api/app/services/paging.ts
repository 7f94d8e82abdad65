import { MAX_PAGE_ROWS, type PageRange } from '@sakan/common'

/** One page of a list, as the list services answer it: the rows and the total before paging. */
export interface ListPage<Rows> {
  rows: Rows
  total: number
}

/** Offset and row count of a validated range: at most MAX_PAGE_ROWS rows, `defaultSize` without `_end`. */
export function pageOf({ _start, _end }: PageRange, defaultSize = MAX_PAGE_ROWS) {
  const start = _start ?? 0
  const end = Math.min(_end ?? start + defaultSize, start + MAX_PAGE_ROWS)
  return { start, limit: Math.max(0, end - start) }
}
