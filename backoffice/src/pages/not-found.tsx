/** Any other path under this app: 'Page Not Found' with a developer-style hint (spec §2). */
import { localePath } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { Icon } from '../components/Icon'
import { useDocumentTitle } from '../components/PageShell'
import { useLanguage } from '../providers/use-language'

export default function NotFoundPage() {
  const { t } = useTranslation('account')
  const lang = useLanguage()
  const { pathname } = useLocation()
  useDocumentTitle(t('titles.notFound'))
  return (
    <section className="not-found">
      <div className="container not-found-inner">
        <p className="not-found-code" aria-hidden="true">
          {t('notFound.code')}
        </p>
        <h1>{t('titles.notFound')}</h1>
        <p className="not-found-text">{t('notFound.text')}</p>
        <pre className="not-found-hint" dir="ltr" aria-label={t('notFound.hint')}>
          <code>
            <span className="hint-method">GET</span> {pathname}{' '}
            <span className="hint-arrow">→</span> <span className="hint-status">404</span>
            {'\n'}
            <span className="hint-comment">// {t('notFound.hint')}</span>
          </code>
        </pre>
        <div className="not-found-actions">
          <a className="btn btn-primary" href={localePath(lang, '/')}>
            <Icon name="home" />
            {t('buttons.home')}
          </a>
          <a className="btn btn-secondary" href={localePath(lang, '/listings')}>
            <Icon name="search" />
            {t('buttons.browse')}
          </a>
        </div>
      </div>
    </section>
  )
}
