/**
 * The footer of the site and the account app: quick links, contact details (the `#contact`
 * anchor), the newsletter form, card brands and legal links. The site renders it to static
 * HTML and its script drives the form through the `data-*` attributes; the account app passes
 * the form's live state.
 */
import { localePath, localizeDigits, type Locale, type Translate } from '@sakan/common'
import { PlainLink, type AppLinkComponent } from './AppLink.js'
import { Icon, icons } from './Icon.js'
import { Logo } from './Logo.js'
import { NewsletterForm, type NewsletterControls } from './NewsletterForm.js'
import { PaymentBadges } from './PaymentBadges.js'

/** Sakan's public contact details. Placeholders until the business confirms them. */
const CONTACT = {
  phone: '+966112345678',
  phoneDisplay: '+966 11 234 5678',
  email: 'hello@sakan.sa',
} as const

interface FooterProps {
  t: Translate
  lang: Locale
  AppLink?: AppLinkComponent
  newsletter?: NewsletterControls
}

export function Footer({ t, lang, AppLink = PlainLink, newsletter }: FooterProps) {
  const home = localePath(lang, '/')
  const year = localizeDigits(new Date().getFullYear(), lang)
  const reach = [
    {
      icon: icons.phone,
      label: 'phoneLabel',
      href: `tel:${CONTACT.phone}`,
      /*
       * In her digits, left to right as one number: Arabic-Indic digit groups between
       * spaces would otherwise be laid out right to left even inside a left-to-right link.
       */
      text: <bdo dir="ltr">{localizeDigits(CONTACT.phoneDisplay, lang)}</bdo>,
    },
    { icon: icons.mail, label: 'emailLabel', href: `mailto:${CONTACT.email}`, text: CONTACT.email },
  ] as const
  const legalLinks = [
    { href: localePath(lang, '/terms'), label: t('common:footer.legal.terms') },
    { href: localePath(lang, '/privacy'), label: t('common:footer.legal.privacy') },
    { href: localePath(lang, '/cookies'), label: t('common:footer.legal.cookies') },
  ]

  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="footer-logo" href={home} aria-label={t('common:brand.homeLink')}>
            <Logo size={40} />
            <span aria-hidden="true">{t('common:brand.name')}</span>
          </a>
          <p className="footer-about">{t('common:footer.about')}</p>
        </div>

        <nav className="footer-col" aria-labelledby="footer-quick-links">
          <h2 className="footer-title" id="footer-quick-links">
            {t('common:footer.quickLinks')}
          </h2>
          <ul className="footer-links" role="list">
            <li>
              <a href={home}>{t('common:nav.home')}</a>
            </li>
            <li>
              <a href={localePath(lang, '/listings')}>{t('common:nav.listings')}</a>
            </li>
            <li>
              <a href={`${home}#about`}>{t('common:nav.about')}</a>
            </li>
            <li>
              <a href="#contact">{t('common:nav.contact')}</a>
            </li>
            <li>
              <AppLink href="/login">{t('common:auth.login')}</AppLink>
            </li>
            <li>
              <AppLink href="/register">{t('common:auth.signup')}</AppLink>
            </li>
          </ul>
        </nav>

        <section className="footer-col" id="contact" aria-labelledby="footer-contact">
          <h2 className="footer-title" id="footer-contact">
            {t('common:footer.contact.title')}
          </h2>
          <address className="contact-list">
            <p>
              <Icon icon={icons.mapPin} />
              <span>
                <span className="visually-hidden">{t('common:footer.contact.addressLabel')}: </span>
                {t('common:footer.contact.address')}
              </span>
            </p>
            {reach.map((item) => (
              <p key={item.label}>
                <Icon icon={item.icon} />
                <span className="visually-hidden">
                  {t(`common:footer.contact.${item.label}`)}:{' '}
                </span>
                <a href={item.href} dir="ltr">
                  {item.text}
                </a>
              </p>
            ))}
            <p>
              <Icon icon={icons.clock} />
              <span>{t('common:footer.contact.hours')}</span>
            </p>
          </address>
        </section>

        <section className="footer-col newsletter" aria-labelledby="footer-newsletter">
          <h2 className="footer-title" id="footer-newsletter">
            {t('common:footer.newsletter.title')}
          </h2>
          <p className="newsletter-text">{t('common:footer.newsletter.text')}</p>
          <NewsletterForm t={t} controls={newsletter} />
        </section>
      </div>

      <div className="container footer-bottom bar">
        <p className="copyright">{t('common:footer.rights', { year })}</p>
        <nav aria-label={t('common:footer.legal.label')}>
          <ul className="legal-links" role="list">
            {legalLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="payments">
          <span className="payments-label">{t('common:footer.payments')}</span>
          <PaymentBadges />
        </div>
      </div>
    </footer>
  )
}
