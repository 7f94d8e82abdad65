/**
 * A compact list's status filter: Mantine's segmented control — a radio group
 * named "Show", one radio per status. On a narrow phone its row scrolls sideways in a box of
 * its own rather than widening the page or cutting its words.
 */
/* The selected segment's highlight is a floating indicator placed from the row's top left
   corner by its own style sheet: without it, it sat 4 px off in English and at the row's
   right edge in Arabic, away from the selected label, whose white words were then on grey. */
import '@mantine/core/styles/FloatingIndicator.css'
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
    <div className="status-filter">
      <SegmentedControl
        aria-label={t('management.filtersLabel')}
        radius="xl"
        color="brand"
        data={statuses.map((value) => ({ value, label: labelOf(value) }))}
        value={status}
        onChange={(value) => setStatus(value as S)}
      />
    </div>
  )
}
