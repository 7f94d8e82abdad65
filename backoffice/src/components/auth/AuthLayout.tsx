/** The sign-in and sign-up frame: a warm brand panel beside the form (stacked on phones). */
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'
import { Logo } from '@sakan/common/ui/Logo'
import { useDocumentTitle } from '../PageShell'

interface AuthLayoutProps {
  pageTitle: string
  heading: string
  subheading: string
  children: ReactNode
  footer: ReactNode
}

const POINTS: { key: string; icon: IconDrawing }[] = [
  { key: 'security', icon: icons.shield },
  { key: 'transport', icon: icons.mapPin },
  { key: 'payment', icon: icons.creditCard },
]

export function AuthLayout({ pageTitle, heading, subheading, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation('account')
  useDocumentTitle(pageTitle)
  return (
    <div className="auth-page">
      <div className="container">
        <div className="auth-card card">
          <aside className="auth-panel" aria-hidden="true">
            <Logo size={48} />
            <p className="auth-panel-title">{t('panel.title')}</p>
            <p className="auth-panel-text">{t('panel.text')}</p>
            <ul className="auth-points" role="list">
              {POINTS.map((point) => (
                <li key={point.key}>
                  <span className="auth-point-icon">
                    <Icon icon={point.icon} />
                  </span>
                  {t(`panel.points.${point.key}`)}
                </li>
              ))}
            </ul>
          </aside>
          <section className="auth-main" aria-labelledby="auth-heading">
            <h1 id="auth-heading" className="auth-heading">
              {heading}
            </h1>
            <p className="auth-subheading">{subheading}</p>
            {children}
            <p className="auth-footer">{footer}</p>
          </section>
        </div>
      </div>
    </div>
  )
}

export function OrDivider() {
  const { t } = useTranslation('account')
  return (
    <div className="or-divider" role="separator">
      <span>{t('divider')}</span>
    </div>
  )
}
