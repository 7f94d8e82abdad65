/**
 * The page frame inside the layout: a heading (also the document title), an optional
 * lead text and actions, then the content — or a skeleton while it loads.
 */
import { Skeleton } from '@mantine/core'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation('common')
  const brand = t('brand.name')
  useEffect(() => {
    document.title = title ? `${title} | ${brand}` : brand
  }, [title, brand])
}

interface PageShellProps {
  title: string
  /** Shown under the heading. */
  lead?: ReactNode
  /** Buttons or links at the heading's inline end. */
  actions?: ReactNode
  /** Narrow column for forms; wide for dashboards. */
  width?: 'narrow' | 'wide'
  loading?: boolean
  children?: ReactNode
  /** Replaces the heading block (the sign-in pages draw their own). */
  hideHeading?: boolean
}

export function PageShell({
  title,
  lead,
  actions,
  width = 'wide',
  loading,
  children,
  hideHeading,
}: PageShellProps) {
  useDocumentTitle(title)
  return (
    <div className={`page page-${width}`}>
      <div className="container">
        {!hideHeading && (
          <header className="page-head">
            <div className="page-head-text">
              <h1 className="page-title">{title}</h1>
              {lead && <p className="page-lead">{lead}</p>}
            </div>
            {actions && <div className="page-actions">{actions}</div>}
          </header>
        )}
        {loading ? <ContentSkeleton /> : children}
      </div>
    </div>
  )
}

function ContentSkeleton() {
  const { t } = useTranslation('account')
  return (
    <div className="content-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('states.loading')}</span>
      <Skeleton height={48} radius="md" />
      <Skeleton height={160} radius="lg" />
      <Skeleton height={160} radius="lg" />
    </div>
  )
}

/** While a lazily loaded page's code arrives. */
export function PageSkeleton() {
  const { t } = useTranslation('account')
  return (
    <div className="page page-wide" role="status" aria-live="polite">
      <div className="container">
        <span className="visually-hidden">{t('states.loading')}</span>
        <div className="page-head" aria-hidden="true">
          <Skeleton height={36} width="min(22rem, 70%)" radius="md" />
        </div>
        <div className="content-skeleton" aria-hidden="true">
          <Skeleton height={48} radius="md" />
          <Skeleton height={200} radius="lg" />
        </div>
      </div>
    </div>
  )
}
