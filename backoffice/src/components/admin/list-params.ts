/**
 * The management card's state in the address — tab, status filter, page — so a reload, the
 * back button or a link (e.g. back from a room's page) lands on the same list.
 */
import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

export const MANAGEMENT_TABS = ['applications', 'rooms', 'maintenance'] as const
export type ManagementTab = (typeof MANAGEMENT_TABS)[number]

export function useManagementTab(): [ManagementTab, (tab: ManagementTab) => void] {
  const [params, setParams] = useSearchParams()
  const raw = params.get('tab')
  const tab = (MANAGEMENT_TABS as readonly string[]).includes(raw ?? '')
    ? (raw as ManagementTab)
    : 'applications'
  const setTab = useCallback(
    (next: ManagementTab) =>
      setParams(next === 'applications' ? {} : { tab: next }, { replace: true }),
    [setParams]
  )
  return [tab, setTab]
}

export function useListParams<F extends string>(filters: readonly F[]) {
  const [params, setParams] = useSearchParams()
  const raw = params.get('status') ?? ''
  const filter = (filters as readonly string[]).includes(raw) ? (raw as F) : filters[0]!
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key)
            else next.set(key, value)
          }
          return next
        },
        { replace: true }
      ),
    [setParams]
  )

  return {
    filter,
    page,
    setFilter: (value: F) => update({ status: value === filters[0] ? null : value, page: null }),
    setPage: (value: number) => update({ page: value <= 1 ? null : String(value) }),
  }
}
