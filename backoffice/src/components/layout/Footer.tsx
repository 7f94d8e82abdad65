/**
 * The site's footer, in React (`site/src/components/Footer.astro`): quick links, contact
 * details (the `#contact` anchor), the newsletter field, card brands and legal links.
 */
import { localePath } from '@sakan/common'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CONTACT } from '../../lib/contact'
import { apiFetch, isApiError } from '../../providers/http'
import { useLanguage } from '../../providers/use-language'
import { Icon } from '../Icon'
import { Logo } from './Logo'
import { PaymentBadges } from './PaymentBadges'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

function Newsletter() {
  const { t } = useTranslation('common')
  const id = useId()
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim()
    if (!EMAIL.test(value)) {
      setStatus({ text: t('footer.newsletter.invalid'), tone: 'error' })
      return
    }
    setSending(true)
    setStatus(null)
    try {
      // The same answer for a new and a known address: nobody learns who subscribed.
      await apiFetch('/api/newsletter', { method: 'POST', json: { email: value } })
      setStatus({ text: t('footer.newsletter.success'), tone: 'success' })
      setEmail('')
    } catch (error) {
      const invalid = isApiError(error) && error.statusCode === 422
      setStatus({
        text: t(invalid ? 'footer.newsletter.invalid' : 'footer.newsletter.error'),
        tone: 'error',
      })
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="newsletter-form" noValidate onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor={`${id}-email`}>
        {t('footer.newsletter.label')}
      </label>
      <input
        className="input newsletter-input"
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        dir="ltr"
        required
        placeholder={t('footer.newsletter.placeholder')}
        aria-describedby={`${id}-status`}
        aria-invalid={status?.tone === 'error' || undefined}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button className="btn btn-primary" type="submit" disabled={sending}>
        {sending ? t('footer.newsletter.submitting') : t('footer.newsletter.submit')}
      </button>
      <p
        className="newsletter-status"
        id={`${id}-status`}
        role="status"
        aria-live="polite"
        data-tone={status?.tone}
      >
        {status?.text}
      </p>
    </form>
  )
}

export function Footer() {
  const { t } = useTranslation('common')
  const lang = useLanguage()
  const home = localePath(lang, '/')
  const year = new Date().getFullYear()

  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="footer-logo" href={home} aria-label={t('brand.homeLink')}>
            <Logo size={40} />
            <span aria-hidden="true">{t('brand.name')}</span>
          </a>
          <p className="footer-about">{t('footer.about')}</p>
        </div>

        <nav className="footer-col" aria-labelledby="footer-quick-links">
          <h2 className="footer-title" id="footer-quick-links">
            {t('footer.quickLinks')}
          </h2>
          <ul className="footer-links" role="list">
            <li>
              <a href={home}>{t('nav.home')}</a>
            </li>
            <li>
              <a href={localePath(lang, '/listings')}>{t('nav.listings')}</a>
            </li>
            <li>
              <a href={`${home}#about`}>{t('nav.about')}</a>
            </li>
            <li>
              <a href="#contact">{t('nav.contact')}</a>
            </li>
            <li>
              <Link to="/login">{t('auth.login')}</Link>
            </li>
            <li>
              <Link to="/register">{t('auth.signup')}</Link>
            </li>
          </ul>
        </nav>

        <section className="footer-col" id="contact" aria-labelledby="footer-contact">
          <h2 className="footer-title" id="footer-contact">
            {t('footer.contact.title')}
          </h2>
          <address className="contact-list">
            <p>
              <Icon name="mapPin" />
              <span>
                <span className="visually-hidden">{t('footer.contact.addressLabel')}: </span>
                {t('footer.contact.address')}
              </span>
            </p>
            <p>
              <Icon name="phone" />
              <span className="visually-hidden">{t('footer.contact.phoneLabel')}: </span>
              <a href={`tel:${CONTACT.phone}`} dir="ltr">
                {CONTACT.phoneDisplay}
              </a>
            </p>
            <p>
              <Icon name="mail" />
              <span className="visually-hidden">{t('footer.contact.emailLabel')}: </span>
              <a href={`mailto:${CONTACT.email}`} dir="ltr">
                {CONTACT.email}
              </a>
            </p>
            <p>
              <Icon name="clock" />
              <span>{t('footer.contact.hours')}</span>
            </p>
          </address>
        </section>

        <section className="footer-col newsletter" aria-labelledby="footer-newsletter">
          <h2 className="footer-title" id="footer-newsletter">
            {t('footer.newsletter.title')}
          </h2>
          <p className="newsletter-text">{t('footer.newsletter.text')}</p>
          <Newsletter />
        </section>
      </div>

      <div className="container footer-bottom">
        <p className="copyright">{t('footer.rights', { year })}</p>
        <nav aria-label={t('footer.legal.label')}>
          <ul className="legal-links" role="list">
            <li>
              <a href={localePath(lang, '/terms')}>{t('footer.legal.terms')}</a>
            </li>
            <li>
              <a href={localePath(lang, '/privacy')}>{t('footer.legal.privacy')}</a>
            </li>
            <li>
              <a href={localePath(lang, '/cookies')}>{t('footer.legal.cookies')}</a>
            </li>
          </ul>
        </nav>
        <div className="payments">
          <span className="payments-label">{t('footer.payments')}</span>
          <PaymentBadges />
        </div>
      </div>
    </footer>
  )
}
