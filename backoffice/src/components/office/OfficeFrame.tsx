/**
 * The back office's page frame: the page heading (PageShell), the navigation between the
 * resources (Refine's `useMenu`, admin resources only) and where she is (Refine's
 * `useBreadcrumb`: resource, then action), then the page's content.
 */
import '../../styles/mantine-office.css'
import './office.css'
import { Button } from '@mantine/core'
import { useBreadcrumb, useMenu } from '@refinedev/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { PageShell } from '../PageShell'

interface OfficeFrameProps {
  title: string
  lead?: ReactNode
  actions?: ReactNode
  children: ReactNode
}

export function OfficeNav() {
  const { t } = useTranslation('admin')
  const { menuItems, selectedKey } = useMenu()
  const items = menuItems.filter((item) => item.meta?.office === true)
  return (
    <nav className="office-nav" aria-label={t('office.nav.label')}>
      <ul role="list">
        <li>
          <Link to="/admin" aria-current={selectedKey === '/admin' ? 'page' : undefined}>
            {t('office.nav.dashboard')}
          </Link>
        </li>
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.route ?? '/admin'}
              aria-current={selectedKey === item.key ? 'page' : undefined}
              data-testid={`office-nav-${item.name}`}
            >
              {t(`office.nav.${item.name}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function Crumbs({ title }: { title: string }) {
  const { t } = useTranslation('admin')
  const { breadcrumbs } = useBreadcrumb()
  /* Refine gives the trail (resource list, then the action); the labels are ours. */
  const trail = breadcrumbs.slice(0, -1)
  return (
    <nav className="office-crumbs" aria-label={t('office.breadcrumb')}>
      <ol>
        <li>
          <Link to="/admin">{t('office.nav.dashboard')}</Link>
        </li>
        {trail.map((crumb, index) => (
          <li key={`${crumb.href ?? ''}-${index}`}>
            {crumb.href ? <Link to={crumb.href}>{crumbLabel(crumb.href, t)}</Link> : crumb.label}
          </li>
        ))}
        <li aria-current="page">{title}</li>
      </ol>
    </nav>
  )
}

/** `/admin/rooms` → the rooms' name in the navigation. */
function crumbLabel(href: string, t: (key: string) => string): string {
  const name = href.split('/')[2] ?? ''
  return t(`office.nav.${name}`)
}

export function OfficeFrame({ title, lead, actions, children }: OfficeFrameProps) {
  return (
    <PageShell title={title} lead={lead} actions={actions}>
      <div className="office">
        <OfficeNav />
        <div className="office-main">
          <Crumbs title={title} />
          {children}
        </div>
      </div>
    </PageShell>
  )
}

/** A list page's way to a new record of its resource. */
export function CreateLink({ resource, label }: { resource: string; label: string }) {
  return (
    <Button
      component={Link}
      to={`/admin/${resource}/create`}
      size="md"
      leftSection={<Icon icon={icons.plus} />}
      data-testid="office-create"
    >
      {label}
    </Button>
  )
}
