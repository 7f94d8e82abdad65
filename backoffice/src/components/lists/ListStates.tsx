/**
 * The frame every paged list shares: placeholders while it loads, the error with
 * a way to try again, the empty state, or the items with the pager under them.
 */
import type { ReactNode } from 'react'
import { ListError } from '../applications/ListError'
import { Pager } from '../applications/Pager'

export interface ListQuery {
  isLoading: boolean
  isError: boolean
  refetch: () => unknown
}

export interface Paging {
  page: number
  pageSize: number
  total: number
  onChange: (page: number) => void
}

interface ListStatesProps {
  query: ListQuery
  /** How many items the current page holds. */
  count: number
  skeleton: ReactNode
  errorText: string
  empty: ReactNode
  paging: Paging
  children: ReactNode
}

export function ListStates({
  query,
  count,
  skeleton,
  errorText,
  empty,
  paging,
  children,
}: ListStatesProps) {
  if (query.isLoading) return skeleton
  if (query.isError) {
    return <ListError text={errorText} query={query} />
  }
  if (count === 0) return empty
  return (
    <>
      {children}
      <Pager {...paging} />
    </>
  )
}
