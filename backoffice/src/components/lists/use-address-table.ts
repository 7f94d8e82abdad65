/**
 * `useTable` for a compact list whose state lives in the address as `?status=…&page=…` (the
 * `/admin` dashboard's tabs, beside `tab`), so a reload, the back button or a link (back from
 * a room's page) lands on the same list. The address is the source of truth: the table
 * follows it, and the list's own controls write it. A page emptied under her (a deletion)
 * gives way to the page before it.
 */
import { useTable, type BaseRecord } from '@refinedev/core'
import { useCallback, useEffect } from 'react'
import { useSearchParams } from 'react-router'
import type { ResourceTableState } from './ResourceTable'

interface AddressTableOptions<S extends string> {
  resource: string
  pageSize: number
  /** The status choices; the first one shows everything. */
  statuses: readonly S[]
  /** The API's filter the status sets… */
  field: string
  /** …and its value for each status (the status itself unless said). */
  values?: Partial<Record<S, string | boolean>>
}

export function useAddressTable<T extends BaseRecord, S extends string>({
  resource,
  pageSize,
  statuses,
  field,
  values,
}: AddressTableOptions<S>) {
  const [params, setParams] = useSearchParams()
  const raw = params.get('status') ?? ''
  const status = (statuses as readonly string[]).includes(raw) ? (raw as S) : statuses[0]!
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const value = status === statuses[0] ? undefined : (values?.[status] ?? status)
  const filtersOf = (current: typeof value) =>
    current === undefined ? [] : [{ field, operator: 'eq' as const, value: current }]

  const table = useTable<T>({
    resource,
    syncWithLocation: false,
    pagination: { currentPage: page, pageSize },
    filters: { initial: filtersOf(value) },
    errorNotification: false,
  })
  const { setCurrentPage, setFilters } = table
  useEffect(() => setCurrentPage(page), [page, setCurrentPage])
  useEffect(() => {
    setFilters(value === undefined ? [] : [{ field, operator: 'eq', value }], 'replace')
  }, [field, value, setFilters])

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, change] of Object.entries(changes)) {
            if (change === null) next.delete(key)
            else next.set(key, change)
          }
          return next
        },
        { replace: true }
      ),
    [setParams]
  )
  const setPage = useCallback(
    (next: number) => update({ page: next <= 1 ? null : String(next) }),
    [update]
  )
  const setStatus = (next: S) => update({ status: next === statuses[0] ? null : next, page: null })

  const { tableQuery, result } = table
  useEffect(() => {
    if (tableQuery.isSuccess && result.data.length === 0 && page > 1) setPage(page - 1)
  }, [tableQuery.isSuccess, result.data.length, page, setPage])

  const state: ResourceTableState<T> = { ...table, setCurrentPage: setPage }
  return { table: state, status, statuses, setStatus }
}
