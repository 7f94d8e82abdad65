/**
 * A back-office list page: the office frame (heading, navigation, breadcrumb) around its
 * ResourceTable, both named by `title` (the page's heading is the table's accessible name).
 */
import type { BaseRecord } from '@refinedev/core'
import type { ReactNode } from 'react'
import { OfficeFrame } from '../office/OfficeFrame'
import { ResourceTable, type TableProps } from './ResourceTable'

export function OfficeListPage<T extends BaseRecord>({
  title,
  actions,
  ...table
}: Omit<TableProps<T>, 'caption'> & { title: string; actions?: ReactNode }) {
  return (
    <OfficeFrame title={title} actions={actions}>
      <ResourceTable {...table} caption={title} />
    </OfficeFrame>
  )
}
