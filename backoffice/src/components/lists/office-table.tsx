/**
 * What the back office's tables share: `useTable` with the address in sync (`syncWithLocation`)
 * and no error toast (the list shows its own error), and the columns several resources have.
 */
import { Badge } from '@mantine/core'
import { useTable, type BaseRecord } from '@refinedev/core'
import { localizeDigits, type Locale } from '@sakan/common'
import type { ReactNode } from 'react'
import { formatDateTime } from '../../lib/format'
import type { Column } from './ResourceTable'

interface OfficeTableOptions {
  /** The initial sort, newest first (`createdAt` unless said). */
  sort?: string
  /** Where the administrator reads the resource (config/resources.ts, READ_PATHS). */
  readPath?: string
  pageSize?: number
}

export function useOfficeTable<T extends BaseRecord>(
  resource: string,
  { sort = 'createdAt', readPath, pageSize = 20 }: OfficeTableOptions = {}
) {
  return useTable<T>({
    resource,
    ...(readPath ? { meta: { readPath } } : {}),
    pagination: { pageSize },
    sorters: { initial: [{ field: sort, order: 'desc' }] },
    syncWithLocation: true,
    errorNotification: false,
  })
}

/** The record's number, sortable; `link` makes it the way to the record's page. */
export function idColumn<T extends { id: number }>(
  lang: Locale,
  link?: (row: T) => ReactNode
): Column<T> {
  return {
    key: 'id',
    header: '#',
    sort: 'id',
    render: (row) => (link ? link(row) : localizeDigits(row.id, lang)),
  }
}

/** When the record was made, sortable. */
export function createdColumn<T extends { createdAt: string }>(
  key: string,
  header: string,
  lang: Locale
): Column<T> {
  return {
    key,
    header,
    sort: 'createdAt',
    render: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, lang)}</time>,
  }
}

/** A status as its badge: the tone from `toneOf`, the words from `textOf`. */
export function badgeColumn<T, V extends string>(
  column: Omit<Column<T>, 'render'>,
  valueOf: (row: T) => V,
  toneOf: (value: V) => string | undefined,
  textOf: (value: V) => string
): Column<T> {
  return {
    ...column,
    render: (row) => {
      const value = valueOf(row)
      return (
        <Badge data-tone={toneOf(value)} data-value={value}>
          {textOf(value)}
        </Badge>
      )
    },
  }
}
