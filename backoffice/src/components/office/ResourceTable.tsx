/**
 * The one list of the back office: a toolbar of filters, then the table of one page of a
 * resource from Refine's `useTable` (server-side paging, sorting by the columns the API
 * allows, filters), with the shared list states — placeholders while it loads, the error with
 * a way to try again, the empty state (with a way to clear the filters), the pager.
 */
import '@mantine/core/styles/Table.css'
import { Table } from '@mantine/core'
import type { BaseRecord, CrudSort, HttpError, useTableReturnType } from '@refinedev/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { EmptyState } from '../EmptyState'
import { RowSkeletons } from '../admin/RowSkeletons'
import { ListStates } from '../lists/ListStates'

export interface Column<T> {
  key: string
  header: string
  /** The API's sort field, when the column can be sorted. */
  sort?: string
  render: (row: T) => ReactNode
}

interface ResourceTableProps<T extends BaseRecord> {
  table: useTableReturnType<T, HttpError>
  columns: Column<T>[]
  /** The table's accessible name. */
  caption: string
  icon: IconDrawing
  toolbar?: ReactNode
  /** Under the toolbar, above the rows (e.g. the filtered set's total). */
  summary?: ReactNode
  testId?: string
}

function nextOrder(sorters: CrudSort[], field: string): CrudSort['order'] {
  const current = sorters.find((sorter) => sorter.field === field)
  return current?.order === 'asc' ? 'desc' : 'asc'
}

export function ResourceTable<T extends BaseRecord>({
  table,
  columns,
  caption,
  icon,
  toolbar,
  summary,
  testId,
}: ResourceTableProps<T>) {
  const { t } = useTranslation('admin')
  const { tableQuery, result, sorters, setSorters, filters, setFilters } = table
  const filtered = filters.some((filter) => 'value' in filter && filter.value !== undefined)
  const rows = result.data
  return (
    <section className="card office-list" aria-label={caption}>
      {toolbar && <div className="office-toolbar">{toolbar}</div>}
      {summary}
      <ListStates
        query={tableQuery}
        count={rows.length}
        skeleton={<RowSkeletons />}
        errorText={t('office.common.loadError')}
        empty={
          <EmptyState
            icon={icon}
            title={t('office.common.empty')}
            text={filtered ? t('office.common.emptyFiltered') : undefined}
            action={
              filtered ? (
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => setFilters([], 'replace')}
                >
                  {t('office.common.clearFilters')}
                </button>
              ) : undefined
            }
          />
        }
        paging={{
          page: table.currentPage,
          pageSize: table.pageSize,
          total: result.total ?? 0,
          onChange: table.setCurrentPage,
        }}
      >
        <div className="office-table-wrap">
          <Table
            className="office-table"
            striped
            highlightOnHover
            aria-busy={tableQuery.isFetching || undefined}
            data-testid={testId}
          >
            <caption className="visually-hidden">{caption}</caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => {
                  const sorted = column.sort
                    ? sorters.find((sorter) => sorter.field === column.sort)
                    : undefined
                  return (
                    <Table.Th
                      key={column.key}
                      scope="col"
                      aria-sort={
                        sorted ? (sorted.order === 'asc' ? 'ascending' : 'descending') : undefined
                      }
                    >
                      {column.sort ? (
                        <button
                          type="button"
                          className="office-sort"
                          data-order={sorted?.order}
                          aria-label={t('office.common.sortBy', { field: column.header })}
                          onClick={() =>
                            setSorters([
                              { field: column.sort!, order: nextOrder(sorters, column.sort!) },
                            ])
                          }
                        >
                          {column.header}
                          <Icon icon={icons.chevronDown} />
                        </button>
                      ) : (
                        column.header
                      )}
                    </Table.Th>
                  )
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={String(row.id)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </ListStates>
    </section>
  )
}
