/**
 * Paging under a list: "11–20 of 56" and Mantine's pagination, its page numbers in the UI
 * language's digits and every control named. Only shown when there is more than one page.
 */
import '@mantine/core/styles/Pagination.css'
import { Pagination } from '@mantine/core'
import { formatNumber } from '@sakan/common'
import { useTexts } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'

interface PagerProps {
  page: number
  pageSize: number
  total: number
  onChange: (page: number) => void
}

const Previous = () => <Icon icon={icons.chevronStart} directional />
const Next = () => <Icon icon={icons.chevronEnd} directional />

export function Pager({ page, pageSize, total, onChange }: PagerProps) {
  const { t, lang } = useTexts('account')
  if (total <= pageSize) return null

  const pages = Math.ceil(total / pageSize)
  const active = Math.min(Math.max(1, page), pages)
  const from = (active - 1) * pageSize + 1
  const to = Math.min(total, active * pageSize)
  return (
    <nav className="pager" aria-label={t('pagination.label')}>
      <p className="pager-summary">{t('pagination.summary', { from, to, total })}</p>
      <Pagination
        total={pages}
        value={active}
        onChange={onChange}
        size="lg"
        gap={4}
        color="var(--color-ink)"
        previousIcon={Previous}
        nextIcon={Next}
        getItemProps={(item) => ({
          'aria-label': t('pagination.page', { page: item }),
          children: formatNumber(item, lang),
        })}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('pagination.previous') }
            : control === 'next'
              ? { 'aria-label': t('pagination.next') }
              : {}
        }
      />
    </nav>
  )
}
