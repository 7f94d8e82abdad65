/**
 * The filters above a back-office list, each bound to one of `useTable`'s filters: free-text
 * search (`q`, sent once she pauses typing), a choice among values, a month, a record's number.
 * A list page describes its filters (FilterSpec) and `OfficeFilters` draws them. Clearing one
 * removes its filter; every change goes back to the first page (Refine does).
 */
import '@mantine/core/styles/Input.css'
import '@mantine/core/styles/Combobox.css'
import { Select, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import type { BaseRecord, HttpError, useTableReturnType } from '@refinedev/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, icons } from '@sakan/common/ui/Icon'
import type { StatusKind } from '../../lib/status'
import { useBuildingChoices } from './use-building-choices'

type AnyTable = Pick<useTableReturnType<BaseRecord, HttpError>, 'filters' | 'setFilters'>

function valueOf(table: AnyTable, field: string): string {
  const filter = table.filters.find(
    (candidate) => 'field' in candidate && candidate.field === field
  )
  return filter && filter.value !== undefined && filter.value !== null ? String(filter.value) : ''
}

function setValue(table: AnyTable, field: string, value: string) {
  table.setFilters([{ field, operator: 'eq', value: value === '' ? undefined : value }], 'merge')
}

/** A filter bound to one of the table's fields. */
interface FieldFilterProps {
  table: AnyTable
  field: string
  label: string
}

/** A choice per value, in her language. */
export function choicesOf(values: readonly string[], textOf: (value: string) => string) {
  return values.map((value) => ({ value, label: textOf(value) }))
}

export function SearchFilter({
  table,
  label,
  hint,
  field = 'q',
}: {
  table: AnyTable
  /** "Search" unless said. */
  label?: string
  hint?: string
  /** The filter it sets: the search `q` unless said. */
  field?: string
}) {
  const { t } = useTranslation('admin')
  const current = valueOf(table, field)
  const [text, setText] = useState(current)
  /* The filter changed elsewhere (cleared, the address): the box follows, during render. */
  const [shown, setShown] = useState(current)
  if (shown !== current) {
    setShown(current)
    setText(current)
  }
  const send = useDebouncedCallback((value: string) => setValue(table, field, value.trim()), 350)
  return (
    <TextInput
      type="search"
      label={label ?? t('office.common.search')}
      placeholder={hint}
      value={text}
      maxLength={100}
      leftSection={<Icon icon={icons.search} />}
      onChange={(event) => {
        setText(event.currentTarget.value)
        send(event.currentTarget.value)
      }}
      data-testid="office-search"
    />
  )
}

export function ChoiceFilter({
  table,
  field,
  label,
  data,
  allLabel,
}: FieldFilterProps & {
  data: { value: string; label: string }[]
  /** The placeholder when none is chosen: "All" unless said. */
  allLabel?: string
}) {
  const { t } = useTranslation('admin')
  return (
    <Select
      label={label}
      data={data}
      value={valueOf(table, field) || null}
      placeholder={allLabel ?? t('office.common.all')}
      clearable
      searchable={data.length > 8}
      allowDeselect
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => setValue(table, field, value ?? '')}
      data-testid={`office-filter-${field}`}
    />
  )
}

/** A choice among the buildings (`buildingId`), each by its name in her language. */
export function BuildingFilter({ table, label }: { table: AnyTable; label: string }) {
  const buildings = useBuildingChoices()
  return <ChoiceFilter table={table} field="buildingId" label={label} data={buildings} />
}

export function MonthFilter({ table, field, label }: FieldFilterProps) {
  return (
    <TextInput
      type="month"
      label={label}
      value={valueOf(table, field)}
      onChange={(event) => setValue(table, field, event.currentTarget.value)}
      data-testid={`office-filter-${field}`}
    />
  )
}

/** A record's number: digits only, whatever else she types is dropped. */
export function DigitsFilter({ table, field, label }: FieldFilterProps) {
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      value={valueOf(table, field)}
      onChange={(event) => setValue(table, field, event.currentTarget.value.replace(/\D/g, ''))}
    />
  )
}

/** A filter by an enumeration: the field it sets, its label, the values and their words. */
export interface EnumFilterSpec {
  field: string
  label: string
  values: readonly string[]
  /** Where the values' words are (`<texts>.<value>`), e.g. `account:status.payment`. */
  texts: string
}

/** A choice among the values of an enumeration, each in her language. */
export function EnumFilter({
  table,
  field,
  label,
  values,
  texts,
}: EnumFilterSpec & { table: AnyTable }) {
  const { t } = useTranslation('admin')
  return (
    <ChoiceFilter
      table={table}
      field={field}
      label={label}
      data={choicesOf(values, (value) => t(`${texts}.${value}`))}
    />
  )
}

interface BooleanFilterProps extends FieldFilterProps {
  yes?: string
  no?: string
  noFirst?: boolean
}

/**
 * A yes-or-no filter: the words for `true` and for `false` ("Yes" and "No" unless said), in
 * that order unless `noFirst`.
 */
export function BooleanFilter({
  table,
  field,
  label,
  yes,
  no,
  noFirst = false,
}: BooleanFilterProps) {
  const { t } = useTranslation('admin')
  const choices = [
    { value: 'true', label: yes ?? t('office.common.yes') },
    { value: 'false', label: no ?? t('office.common.no') },
  ]
  return (
    <ChoiceFilter
      table={table}
      field={field}
      label={label}
      data={noFirst ? choices.reverse() : choices}
    />
  )
}

/** Live or archived catalogue records. */
export function ArchivedFilter({ table }: { table: AnyTable }) {
  const { t } = useTranslation('admin')
  return (
    <BooleanFilter
      table={table}
      field="archived"
      label={t('office.common.status')}
      yes={t('office.common.archived')}
      no={t('office.common.active')}
      noFirst
    />
  )
}

/**
 * One filter of a list's toolbar, described: the list page names its filters and their words,
 * `OfficeFilters` draws each bound to the page's table. `status` is a record's status filter
 * (`status` unless `field` says), named "Status", its values in the account texts'
 * `status.<kind>`.
 */
export type FilterSpec =
  | { type: 'search'; hint?: string }
  | ({ type: 'enum' } & EnumFilterSpec)
  | { type: 'status'; kind: StatusKind; values: readonly string[]; field?: string }
  | ({ type: 'boolean' } & Omit<BooleanFilterProps, 'table'>)
  | ({ type: 'month' | 'digits' } & Omit<FieldFilterProps, 'table'>)
  | { type: 'building'; label: string }
  | { type: 'archived' }

function OfficeFilter({ table, spec }: { table: AnyTable; spec: FilterSpec }) {
  const { t } = useTranslation('admin')
  switch (spec.type) {
    case 'search':
      return <SearchFilter table={table} hint={spec.hint} />
    case 'enum':
      return <EnumFilter table={table} {...spec} />
    case 'status':
      return (
        <EnumFilter
          table={table}
          field={spec.field ?? 'status'}
          label={t('office.common.status')}
          values={spec.values}
          texts={`account:status.${spec.kind}`}
        />
      )
    case 'boolean':
      return <BooleanFilter table={table} {...spec} />
    case 'month':
      return <MonthFilter table={table} {...spec} />
    case 'digits':
      return <DigitsFilter table={table} {...spec} />
    case 'building':
      return <BuildingFilter table={table} label={spec.label} />
    case 'archived':
      return <ArchivedFilter table={table} />
  }
}

/** A list's filters, in the order given. */
export function OfficeFilters({ table, filters }: { table: AnyTable; filters: FilterSpec[] }) {
  return filters.map((spec) => (
    <OfficeFilter key={'field' in spec ? spec.field : spec.type} table={table} spec={spec} />
  ))
}
