/**
 * A compact list's status filter (spec §2, §9): Mantine's segmented control — a radio group
 * named "Show", one radio per status.
 */
import '@mantine/core/styles/SegmentedControl.css'
import { SegmentedControl } from '@mantine/core'
import { useTranslation } from 'react-i18next'

interface StatusFilterProps<S extends string> {
  statuses: readonly S[]
  status: S
  setStatus: (status: S) => void
  labelOf: (status: S) => string
}

export function StatusFilter<S extends string>({
  statuses,
  status,
  setStatus,
  labelOf,
}: StatusFilterProps<S>) {
  const { t } = useTranslation('admin')
  return (
    <SegmentedControl
      aria-label={t('management.filtersLabel')}
      radius="xl"
      color="brand"
      data={statuses.map((value) => ({ value, label: labelOf(value) }))}
      value={status}
      onChange={(value) => setStatus(value as S)}
    />
  )
}
