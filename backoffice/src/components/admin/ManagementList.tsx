/**
 * A management tab's frame (spec §2, §9): the status filter (Mantine's segmented control: a
 * radio group named "Show", one radio per status), then the list's placeholders, error, empty
 * state or rows with the pager.
 */
import '@mantine/core/styles/SegmentedControl.css'
import { SegmentedControl } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../EmptyState'
import { type IconDrawing } from '@sakan/common/ui/Icon'
import { ListStates } from '../lists/ListStates'
import type { ManagementTab } from './list-params'
import { RowSkeletons } from './RowSkeletons'
import type { ManagementListState } from './use-management-list'

interface ManagementListProps<T, F extends string> {
  list: ManagementListState<T, F>
  labelOf: (filter: F) => string
  /** The tab, whose texts the empty state shows. */
  kind: ManagementTab
  icon: IconDrawing
  emptyTitle: string
  skeleton?: ReactNode
  children: ReactNode
}

export function ManagementList<T, F extends string>({
  list,
  labelOf,
  kind,
  icon,
  emptyTitle,
  skeleton = <RowSkeletons />,
  children,
}: ManagementListProps<T, F>) {
  const { t } = useTranslation('admin')
  return (
    <>
      <SegmentedControl
        aria-label={t('management.filtersLabel')}
        radius="xl"
        color="brand"
        data={list.filters.map((filter) => ({ value: filter, label: labelOf(filter) }))}
        value={list.filter}
        onChange={(value) => list.setFilter(value as F)}
      />
      <div className="management-body">
        <ListStates
          query={list.query}
          count={list.items.length}
          skeleton={skeleton}
          errorText={t('management.loadError')}
          empty={
            <EmptyState
              icon={icon}
              title={emptyTitle}
              text={t(
                list.filter === list.filters[0]
                  ? `management.empty.${kind}.allText`
                  : `management.empty.${kind}.filteredText`
              )}
            />
          }
          paging={list.paging}
        >
          {children}
        </ListStates>
      </div>
    </>
  )
}
