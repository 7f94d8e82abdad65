/**
 * One management list (spec §2): its status filter and page from the address, the page of
 * rows from the API, and — when a deletion empties a page — the page before it.
 */
import { useList, type BaseRecord, type CrudFilter } from '@refinedev/core'
import { useEffect } from 'react'
import { useListParams } from './list-params'

interface ManagementListOptions<F extends string> {
  resource: string
  /** The status filters; the first one shows everything. */
  filters: readonly F[]
  pageSize: number
  filterOf: (filter: F) => CrudFilter
}

export function useManagementList<T extends BaseRecord, F extends string>({
  resource,
  filters,
  pageSize,
  filterOf,
}: ManagementListOptions<F>) {
  const params = useListParams(filters)
  const { filter, page, setPage } = params
  const { query, result } = useList<T>({
    resource,
    pagination: { currentPage: page, pageSize },
    filters: filter === filters[0] ? [] : [filterOf(filter)],
    errorNotification: false,
  })
  const items = result.data

  useEffect(() => {
    if (query.isSuccess && items.length === 0 && page > 1) setPage(page - 1)
  }, [query.isSuccess, items.length, page, setPage])

  return {
    ...params,
    filters,
    query,
    items,
    paging: { page, pageSize, total: result.total ?? 0, onChange: setPage },
  }
}

export type ManagementListState<T, F extends string> = ReturnType<
  typeof useManagementList<T & BaseRecord, F>
>
