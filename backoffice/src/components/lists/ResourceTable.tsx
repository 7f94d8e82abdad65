/**
 * The one list of the account app: one page of a resource from Refine's `useTable`
 * (server-side paging, sorting by the columns the API allows, filters) inside the shared list
 * states — placeholders while it loads, the error with a way to try again, the empty state,
 * the rows with the pager under them.
 *
 * Two layouts: the back office's table (`columns`: a card with a toolbar of filters, sortable
 * headers, and an empty state that offers to clear the filters), or a compact list whose
 * items the caller draws (`children`: the `/admin` dashboard's tabs, the resident's cards).
 */
import '@mantine/core/styles/Table.css'
import { Button, Table } from '@mantine/core'
import type { BaseRecord, CrudSort, HttpError, useTableReturnType } from '@refinedev/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { EmptyState } from '../EmptyState'
import { ListStates } from './ListStates'
import { RowSkeletons } from './Skeletons'

export interface Column<T> {
  key: string
  header: string
  /** The API's sort field, when the column can be sorted. */
  sort?: string
  render: (row: T) => ReactNode
}

/** What `ResourceTable` reads of `useTable`'s answer. */
export type ResourceTableState<T extends BaseRecord> = Pick<
  useTableReturnType<T, HttpError>,
  | 'tableQuery'
  | 'result'
  | 'sorters'
  | 'setSorters'
  | 'filters'
  | 'setFilters'
  | 'currentPage'
  | 'pageSize'
> & { setCurrentPage: (page: number) => void }

interface CommonProps<T extends BaseRecord> {
  table: ResourceTableState<T>
  /** The list's accessible name. */
  caption: string
  icon: IconDrawing
  /** Above the list (filters). */
  toolbar?: ReactNode
  skeleton?: ReactNode
  errorText?: string
  /** Replaces the default empty state ("nothing here", with a way to clear the filters). */
  empty?: ReactNode
}

export interface TableProps<T extends BaseRecord> extends CommonProps<T> {
  columns: Column<T>[]
  /** Under the toolbar, above the rows (e.g. the filtered set's total). */
  summary?: ReactNode
  testId?: string
  children?: never
}

interface CompactProps<T extends BaseRecord> extends CommonProps<T> {
  columns?: never
  /** Around the list states, under the toolbar. */
  bodyClassName?: string
  children: (rows: T[]) => ReactNode
}

function nextOrder(sorters: CrudSort[], field: string): CrudSort['order'] {
  const current = sorters.find((sorter) => sorter.field === field)
  return current?.order === 'asc' ? 'desc' : 'asc'
}

export function ResourceTable<T extends BaseRecord>(props: TableProps<T> | CompactProps<T>) {
  const { t } = useTranslation('admin')
  const { table, icon, toolbar, caption } = props
  const { tableQuery, result, filters, setFilters } = table
  const filtered = filters.some((filter) => 'value' in filter && filter.value !== undefined)
  const rows = result.data
  const states = (children: ReactNode) => (
    <ListStates
      query={tableQuery}
      count={rows.length}
      skeleton={props.skeleton ?? <RowSkeletons />}
      errorText={props.errorText ?? t('office.common.loadError')}
      empty={
        props.empty ?? (
          <EmptyState
            icon={icon}
            title={t('office.common.empty')}
            text={filtered ? t('office.common.emptyFiltered') : undefined}
            action={
              filtered ? (
                <Button variant="subtle" onClick={() => setFilters([], 'replace')}>
                  {t('office.common.clearFilters')}
                </Button>
              ) : undefined
            }
          />
        )
      }
      paging={{
        page: table.currentPage,
        pageSize: table.pageSize,
        total: result.total ?? 0,
        onChange: table.setCurrentPage,
      }}
    >
      {children}
    </ListStates>
  )

  if (!props.columns) {
    const body = states(props.children(rows))
    return (
      <>
        {toolbar}
        {props.bodyClassName ? <div className={props.bodyClassName}>{body}</div> : body}
      </>
    )
  }

  const { columns, summary, testId } = props
  const { sorters, setSorters } = table
  return (
    <section className="card office-list" aria-label={caption}>
      {toolbar && <div className="office-toolbar">{toolbar}</div>}
      {summary}
      {states(
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
      )}
    </section>
  )
}
