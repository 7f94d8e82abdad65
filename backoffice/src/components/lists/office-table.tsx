/**
 * What the back office's tables share: `useTable` with the address in sync (`syncWithLocation`)
 * and no error toast (the list shows its own error), the columns several resources have, and
 * builders for the usual column shapes (text, a link to the record's page).
 */
import { useTable, type BaseRecord } from '@refinedev/core'
import { localizeDigits, type Locale, type RoomRef } from '@sakan/common'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { READ_PATHS } from '../../config/resources'
import { roomPlaceOf } from '../../lib/applications'
import type { StatusKind } from '../../lib/status'
import { StatusBadge } from '../details/StatusBadge'
import { When } from '../details/When'
import { ArchivedBadge } from '../office/ArchivedBadge'
import type { Column } from './ResourceTable'

export interface OfficeTableOptions {
  /** The initial sort, newest first (`createdAt` unless said). */
  sort?: string
  pageSize?: number
}

/** One page of `resource`, read where the administrator reads it (READ_PATHS) when it says. */
export function useOfficeTable<T extends BaseRecord>(
  resource: string,
  { sort = 'createdAt', pageSize = 20 }: OfficeTableOptions = {}
) {
  const readPath = (READ_PATHS as Partial<Record<string, string>>)[resource]
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
  header: string
): Column<T> {
  return {
    key,
    header,
    sort: 'createdAt',
    render: (row) => <When at={row.createdAt} />,
  }
}

/** A record's status as its badge (StatusBadge), sortable by `sort`. */
export function statusColumn<T>(
  kind: StatusKind,
  header: string,
  statusOf: (row: T) => string,
  sort = 'status'
): Column<T> {
  return {
    key: 'status',
    header,
    sort,
    render: (row) => <StatusBadge kind={kind} status={statusOf(row)} />,
  }
}

/** A column drawn from the row (text, a date, a badge), sortable by `sort` when given. */
export function textColumn<T>(
  key: string,
  header: string,
  render: (row: T) => ReactNode,
  sort?: string
): Column<T> {
  return { key, header, sort, render }
}

/** The way to the record's page: its name, isolated (`<bdi>`), as a link. */
export function linkColumn<T>(
  key: string,
  header: string,
  to: (row: T) => string,
  text: (row: T) => ReactNode,
  { sort, testId }: { sort?: string; testId?: string } = {}
): Column<T> {
  return textColumn(
    key,
    header,
    (row) => (
      <Link to={to(row)} data-testid={testId}>
        <bdi>{text(row)}</bdi>
      </Link>
    ),
    sort
  )
}

/** A person (the resident, the actor): the name, else the e-mail address, isolated (`<bdi>`). */
export function personColumn<T>(
  key: string,
  header: string,
  personOf: (row: T) => { fullName: string | null; email: string } | null
): Column<T> {
  return textColumn(key, header, (row) => {
    const person = personOf(row)
    return <bdi>{person?.fullName || person?.email || '—'}</bdi>
  })
}

/** The record's room, "<room number> · <building>". */
export function roomColumn<T extends { room: RoomRef | null }>(
  header: string,
  lang: Locale
): Column<T> {
  return textColumn('room', header, (row) =>
    row.room ? roomPlaceOf(row.room, row.room.building, lang) : '—'
  )
}

/** Whether a catalogue record is live or archived (ArchivedBadge). */
export function archivedColumn<T extends { archivedAt: string | null }>(header: string): Column<T> {
  return textColumn('status', header, (row) => <ArchivedBadge archivedAt={row.archivedAt} />)
}
