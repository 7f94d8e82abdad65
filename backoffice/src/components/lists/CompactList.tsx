/**
 * A resource's compact list on the `/admin` dashboard's tabs: the status filter
 * in the address, then the one ResourceTable with the tab's empty texts and the rows the
 * resource draws.
 */
import type { BaseRecord } from '@refinedev/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { IconDrawing } from '@sakan/common/ui/Icon'
import { EmptyState } from '../EmptyState'
import { ResourceTable } from './ResourceTable'
import { StatusFilter } from './StatusFilter'
import type { useAddressTable } from './use-address-table'

interface CompactListProps<T extends BaseRecord, S extends string> {
  list: ReturnType<typeof useAddressTable<T, S>>
  /** The tab: its list is named `<kind>.listLabel`, its empty state says `management.empty.<kind>`. */
  kind: 'applications' | 'rooms' | 'maintenance'
  icon: IconDrawing
  /** A status's words: `management.filters.<status>` unless said. */
  labelOf?: (status: S) => string
  /** The list's look: rows or cards. */
  listClassName: 'admin-rows' | 'admin-cards'
  testId: string
  skeleton?: ReactNode
  /** One item of the list (an `<li>` with its key). */
  children: (row: T) => ReactNode
}

export function CompactList<T extends BaseRecord, S extends string>({
  list,
  kind,
  icon,
  labelOf,
  listClassName,
  testId,
  skeleton,
  children,
}: CompactListProps<T, S>) {
  const { t } = useTranslation('admin')
  const { table, status, statuses, setStatus } = list
  const caption = t(`${kind}.listLabel`)
  const all = status === statuses[0]
  return (
    <ResourceTable
      table={table}
      caption={caption}
      icon={icon}
      toolbar={
        <StatusFilter
          statuses={statuses}
          status={status}
          setStatus={setStatus}
          labelOf={labelOf ?? ((value) => t(`management.filters.${String(value)}`))}
        />
      }
      bodyClassName="management-body"
      skeleton={skeleton}
      errorText={t('management.loadError')}
      empty={
        <EmptyState
          icon={icon}
          title={t(`management.empty.${kind}.${String(status)}`)}
          text={t(`management.empty.${kind}.${all ? 'allText' : 'filteredText'}`)}
        />
      }
    >
      {(rows) => (
        <ul
          className={listClassName}
          role="list"
          aria-label={caption}
          aria-busy={table.tableQuery.isFetching || undefined}
          data-testid={testId}
        >
          {rows.map(children)}
        </ul>
      )}
    </ResourceTable>
  )
}
