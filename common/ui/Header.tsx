/**
 * The header of the site and the account app: logo; Home, Listings, Dashboard (Admin Panel for
 * the administrator), Contact; Log In / Sign Up or the user menu; the EN/AR toggle; the mobile
 * menu's button (in the account app, with her unread notifications' count). The site renders it
 * to static HTML and its scripts work on the `data-*` attributes (shadow after 50 px, mobile
 * menu, language link, user menu); the account app passes its live state and handlers.
 */
import { formatNumber, localePath, otherLocale, type Locale, type Translate } from '@sakan/common'
import type { ReactNode, Ref } from 'react'
import { PlainLink, type AppLinkComponent } from './AppLink.js'
import { Icon, icons } from './Icon.js'
import { Logo } from './Logo.js'

export type HeaderLink = 'home' | 'listings' | 'dashboard' | 'contact'

interface HeaderProps {
  t: Translate
  lang: Locale
  /** The current page's path without its language, for the language link. */
  path?: string
  current?: HeaderLink
  AppLink?: AppLinkComponent
  /** The account link: Dashboard, or Admin Panel (`/admin`) for the administrator. */
  admin?: boolean
  /** What the auth slot shows instead of Log In / Sign Up (the user menu, a placeholder). */
  auth?: ReactNode
  authBusy?: boolean
  /** The account app's live state; without it the site's scripts set these attributes. */
  scrolled?: boolean
  menuOpen?: boolean
  onMenuToggle?: () => void
  /**
   * The signed-in user's unread notifications (the account app): on a phone her bell is inside
   * the closed menu, so the menu's button shows the count and says it in its name.
   */
  unread?: number
  /** Switches the language in place (a button); without it a link to the other language. */
  onLanguageToggle?: () => void
  headerRef?: Ref<HTMLElement>
  toggleRef?: Ref<HTMLButtonElement>
}

export function Header(props: HeaderProps) {
  const { t, lang, path = '/', current, AppLink = PlainLink, admin = false, auth } = props
  const { menuOpen = false, onLanguageToggle, unread = 0 } = props
  const other = otherLocale(lang)
  const menuLabel = menuOpen ? t('common:nav.closeMenu') : t('common:nav.openMenu')
  const siteLinks = [
    { key: 'home', href: localePath(lang, '/'), label: t('common:nav.home') },
    { key: 'listings', href: localePath(lang, '/listings'), label: t('common:nav.listings') },
  ] as const
  const account = admin
    ? { href: '/admin', label: t('common:nav.adminPanel') }
    : { href: '/dashboard', label: t('common:nav.dashboard') }
  /* Named by its content, so the name starts with "Switch to" and holds the visible text at
     every width ("English" wide, "EN" on a phone): no aria-label to disagree with it. */
  const languageContent = (
    <>
      <Icon icon={icons.globe} />
      <span className="visually-hidden">{t('common:language.switchPrefix')} </span>
      <span className="lang-long" lang={other}>
        {t(`common:language.${other}`)}
      </span>
      <span className="lang-short" lang={other}>
        {t(`common:language.short.${other}`)}
      </span>
    </>
  )

  return (
    <header
      ref={props.headerRef}
      className="site-header"
      data-site-header
      data-scrolled={props.scrolled || undefined}
    >
      <div className="container header-inner">
        <a className="brand" href={localePath(lang, '/')} aria-label={t('common:brand.homeLink')}>
          <Logo />
          <span className="brand-name" aria-hidden="true">
            {t('common:brand.name')}
          </span>
        </a>

        <nav
          id="site-nav"
          className="site-nav"
          aria-label={t('common:nav.label')}
          data-site-nav
          data-open={menuOpen || undefined}
        >
          <ul className="nav-links" role="list">
            {siteLinks.map((link) => (
              <li key={link.key}>
                <a
                  className="nav-link"
                  href={link.href}
                  data-nav-key={link.key}
                  aria-current={current === link.key ? 'page' : undefined}
                >
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <AppLink
                className="nav-link"
                href={account.href}
                data-nav-key="dashboard"
                aria-current={current === 'dashboard' ? 'page' : undefined}
              >
                {account.label}
              </AppLink>
            </li>
            <li>
              <a className="nav-link" href="#contact" data-nav-key="contact">
                {t('common:nav.contact')}
              </a>
            </li>
          </ul>
          <div
            className="auth-links"
            aria-busy={props.authBusy || undefined}
            data-auth-slot
            data-label-menu={t('common:auth.userMenu')}
            data-label-dashboard={t('common:nav.dashboard')}
            data-label-admin={t('common:nav.adminPanel')}
            data-label-logout={t('common:auth.logout')}
          >
            {auth ?? (
              <>
                <AppLink className="btn btn-ghost btn-sm" href="/login" data-auth-login>
                  {t('common:auth.login')}
                </AppLink>
                <AppLink className="btn btn-primary btn-sm" href="/register" data-auth-signup>
                  {t('common:auth.signup')}
                </AppLink>
              </>
            )}
          </div>
        </nav>

        {onLanguageToggle ? (
          <button type="button" className="lang-switch" onClick={onLanguageToggle}>
            {languageContent}
          </button>
        ) : (
          <a
            className="lang-switch"
            href={localePath(other, path)}
            hrefLang={other}
            data-lang-switch={other}
          >
            {languageContent}
          </a>
        )}

        <button
          ref={props.toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={props.onMenuToggle}
          data-menu-toggle
          data-label-open={t('common:nav.openMenu')}
          data-label-close={t('common:nav.closeMenu')}
        >
          <span className="menu-icon-open">
            <Icon icon={icons.menu} />
          </span>
          <span className="menu-icon-close">
            <Icon icon={icons.close} />
          </span>
          <span className="visually-hidden" data-menu-label>
            {unread > 0
              ? t('common:nav.menuUnread', { menu: menuLabel, count: unread })
              : menuLabel}
          </span>
          {unread > 0 && (
            <span className="menu-unread" aria-hidden="true" data-testid="menu-unread">
              {formatNumber(unread, lang)}
            </span>
          )}
        </button>
      </div>
    </header>
  )
}
