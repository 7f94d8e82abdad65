/** The 404 page ('Page Not Found' with a developer-style hint), for the site and the account app. */
import '../styles/not-found.css'
import { localePath, type Locale, type Translate } from '@sakan/common'
import { Icon, icons } from './Icon.js'

interface NotFoundProps {
  t: Translate
  lang: Locale
  /** The path nothing matched, shown in the hint. */
  pathname: string
  method?: string
}

export function NotFound({ t, lang, pathname, method = 'GET' }: NotFoundProps) {
  return (
    <section className="not-found">
      <div className="container not-found-inner">
        <p className="not-found-code" aria-hidden="true">
          {t('common:notFound.code')}
        </p>
        <h1>{t('common:notFound.title')}</h1>
        <p className="not-found-text">{t('common:notFound.text')}</p>
        <pre className="not-found-hint" dir="ltr">
          <code>
            <span className="hint-method">{method}</span> {pathname}{' '}
            <span className="hint-arrow">→</span> <span className="hint-status">404</span>
            {'\n'}
            <span className="hint-comment">// {t('common:notFound.hint')}</span>
          </code>
        </pre>
        <div className="not-found-actions">
          <a className="btn btn-primary" href={localePath(lang, '/')}>
            <Icon icon={icons.home} />
            {t('common:notFound.home')}
          </a>
          <a className="btn btn-secondary" href={localePath(lang, '/listings')}>
            <Icon icon={icons.search} />
            {t('common:notFound.listings')}
          </a>
        </div>
      </div>
    </section>
  )
}
