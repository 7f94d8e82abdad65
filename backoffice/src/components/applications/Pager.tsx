/**
 * Paging under a list: "11–20 of 56" and page buttons in the UI language's digits. Only
 * shown when there is more than one page.
 */
import { usePagination } from '@mantine/hooks'
import { formatNumber } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '../../providers/use-language'
import { ExtraIcon } from './icons'

interface PagerProps {
  page: number
  pageSize: number
  total: number
  onChange: (page: number) => void
}

export function Pager({ page, pageSize, total, onChange }: PagerProps) {
  const { t } = useTranslation('account')
  const lang = useLanguage()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const active = Math.min(Math.max(1, page), pages)
  const { range } = usePagination({
    total: pages,
    page: active,
    onChange,
    siblings: 1,
    boundaries: 1,
  })
  if (total <= pageSize) return null

  const from = (active - 1) * pageSize + 1
  const to = Math.min(total, active * pageSize)
  return (
    <nav className="pager" aria-label={t('pagination.label')}>
      <p className="pager-summary">{t('pagination.summary', { from, to, total })}</p>
      <ul className="pager-list" role="list">
        <li>
          <button
            type="button"
            className="pager-button"
            aria-label={t('pagination.previous')}
            disabled={active === 1}
            onClick={() => onChange(active - 1)}
          >
            <ExtraIcon name="chevronStart" directional />
          </button>
        </li>
        {range.map((item, index) =>
          item === 'dots' ? (
            <li key={`dots-${index}`} className="pager-dots" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pager-button"
                aria-current={item === active ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                onClick={() => onChange(item)}
              >
                {formatNumber(item, lang)}
              </button>
            </li>
          )
        )}
        <li>
          <button
            type="button"
            className="pager-button"
            aria-label={t('pagination.next')}
            disabled={active === pages}
            onClick={() => onChange(active + 1)}
          >
            <ExtraIcon name="chevronEnd" directional />
          </button>
        </li>
      </ul>
    </nav>
  )
}
