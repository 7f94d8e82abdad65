import type { HttpContext } from '@adonisjs/core/http'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { MAX_PAGE_ROWS, TOTAL_COUNT_HEADER, type PageRange } from '@sakan/common'

/** Offset and row count of a validated range: at most MAX_PAGE_ROWS rows, `defaultSize` without `_end`. */
export function pageOf({ _start, _end }: PageRange, defaultSize = MAX_PAGE_ROWS) {
  const start = _start ?? 0
  const end = Math.min(_end ?? start + defaultSize, start + MAX_PAGE_ROWS)
  return { start, limit: Math.max(0, end - start) }
}

/**
 * One page of a list query, its total (before paging) in `X-Total-Count` as Refine's
 * simple-rest provider reads it. The count drops the order and preloads, as Lucid's own
 * `paginate` does, so PostgreSQL accepts it.
 */
export async function paginate<Model extends LucidModel>(
  ctx: HttpContext,
  query: ModelQueryBuilderContract<Model, InstanceType<Model>>,
  range: PageRange,
  defaultSize = MAX_PAGE_ROWS
): Promise<InstanceType<Model>[]> {
  const [counted] = await query
    .clone()
    .clearOrder()
    .clearLimit()
    .clearOffset()
    .clearSelect()
    .count('* as total')
    .pojo<{ total: number | string }>()
  ctx.response.header(TOTAL_COUNT_HEADER, String(Number(counted?.total ?? 0)))
  const { start, limit } = pageOf(range, defaultSize)
  return query.offset(start).limit(limit)
}
