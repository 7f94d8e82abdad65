/**
 * The 404 page ('Page Not Found'), for the site and the account app: with a developer-style
 * hint for a path nothing matches; without it for a record that is missing or not hers on a
 * page that exists ("No route matches this path" would be untrue there).
 */
import '../styles/not-found.css'
import { localePath, type Locale, type Translate } from '@sakan/common'
import { Icon, icons } from './Icon.js'

type NotFoundProps = {
  t: Translate
  lang: Locale
} & (
  | {
      /** The path nothing matched, shown in the hint. */
      pathname: string
      method?: string
      record?: false
    }
  | {
      /**
       * A page that exists, for a record that does not (or is not hers): what is missing, said
       * in her language, instead of the page's text, and no hint.
       */
      record: true
      text: string
    }
)

export function NotFound(props: NotFoundProps) {
  const { t, lang } = props
  return (
    <section className="not-found">
      <div className="container not-found-inner">
        <p className="not-found-code" aria-hidden="true">
          {t('common:notFound.code')}
        </p>
        <h1>{t('common:notFound.title')}</h1>
        <p className="not-found-text">{props.record ? props.text : t('common:notFound.text')}</p>
        {!props.record && (
          <pre className="not-found-hint" dir="ltr">
            <code>
              <span className="hint-method">{props.method ?? 'GET'}</span> {props.pathname}{' '}
              <span className="hint-arrow">→</span> <span className="hint-status">404</span>
              {'\n'}
              <span className="hint-comment">// {t('common:notFound.hint')}</span>
            </code>
          </pre>
        )}
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
