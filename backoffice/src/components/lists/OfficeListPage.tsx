/**
 * A back-office list page: the office frame (heading, navigation, breadcrumb) around its
 * ResourceTable, both named by `title` (the page's heading is the table's accessible name),
 * with the page's filters (FilterSpec) above the rows. `useOfficeList` gives the page its
 * words and its table.
 */
import type { BaseRecord } from '@refinedev/core'
import type { ReactNode } from 'react'
import { OfficeFilters, type FilterSpec } from '../office/Filters'
import { OfficeFrame } from '../office/OfficeFrame'
import { useOfficeTexts } from '../office/use-office-texts'
import { useOfficeTable, type OfficeTableOptions } from './office-table'
import { ResourceTable, type TableProps } from './ResourceTable'

/** A list page's words (`office.<texts>`, the resource's name unless said) and its table. */
export function useOfficeList<T extends BaseRecord>(
  resource: string,
  { texts = resource, ...options }: OfficeTableOptions & { texts?: string } = {}
) {
  return { ...useOfficeTexts(texts), table: useOfficeTable<T>(resource, options) }
}

export function OfficeListPage<T extends BaseRecord>({
  title,
  actions,
  filters,
  ...list
}: Omit<TableProps<T>, 'caption' | 'toolbar'> & {
  title: string
  actions?: ReactNode
  filters: FilterSpec[]
}) {
  return (
    <OfficeFrame title={title} actions={actions}>
      <ResourceTable
        {...list}
        caption={title}
        toolbar={<OfficeFilters table={list.table} filters={filters} />}
      />
    </OfficeFrame>
  )
}
