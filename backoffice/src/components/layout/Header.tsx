/**
 * The site's header, in React: logo; Home, Listings, Dashboard (Admin Panel for the
 * administrator), Contact; the EN/AR toggle; Log In / Sign Up or the user menu. Same markup
 * classes and tokens as `site/src/components/Header.astro`. The mobile menu closes on every
 * route change; the bar gains a shadow after 50 px of scrolling (spec §2).
 */
import { HEADER_SHADOW_SCROLL_PX } from '@sakan/common'
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { otherLanguage, sitePath } from '../../lib/language'
import { isAdmin } from '../../lib/user'
import { changeLanguage } from '../../providers/i18n'
import { useSession } from '../../providers/session'
import { useLanguage } from '../../providers/use-language'
import { Icon } from '../Icon'
import { Logo } from '@sakan/common/ui/Logo'

// Mantine's menu (and its positioning engine) loads only for signed-in visitors.
const UserMenu = lazy(() => import('./UserMenu'))

function subscribeScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true })
  return () => window.removeEventListener('scroll', onChange)
}
const isScrolled = () => window.scrollY > HEADER_SHADOW_SCROLL_PX

export function Header() {
  const { t } = useTranslation('common')
  const lang = useLanguage()
  const other = otherLanguage(lang)
  const session = useSession()
  const location = useLocation()
  const scrolled = useSyncExternalStore(subscribeScroll, isScrolled, () => false)
  const [open, setOpen] = useState(false)
  const [routeKey, setRouteKey] = useState(location.key)
  const headerRef = useRef<HTMLElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)

  // The mobile menu closes whenever she navigates.
  if (routeKey !== location.key) {
    setRouteKey(location.key)
    setOpen(false)
  }

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggleRef.current?.focus()
    }
    // Pointer down, not click: by the time a click reaches the document, the toggle's icon
    // may already be re-rendered and its target detached. The user menu renders in a portal.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element
      if (!headerRef.current?.contains(target) && !target.closest?.('[data-user-menu]'))
        setOpen(false)
    }
    const wide = window.matchMedia('(min-width: 960px)')
    const onWide = () => setOpen(false)
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    wide.addEventListener('change', onWide)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
      wide.removeEventListener('change', onWide)
    }
  }, [open])

  const admin = isAdmin(session.user)
  const accountLink = admin
    ? { to: '/admin', label: t('nav.adminPanel'), current: location.pathname.startsWith('/admin') }
    : { to: '/dashboard', label: t('nav.dashboard'), current: location.pathname === '/dashboard' }

  return (
    <header ref={headerRef} className="site-header" data-scrolled={scrolled || undefined}>
      <div className="container header-inner">
        <a className="brand" href={sitePath(lang, '/')} aria-label={t('brand.homeLink')}>
          <Logo />
          <span className="brand-name" aria-hidden="true">
            {t('brand.name')}
          </span>
        </a>

        <nav
          id="site-nav"
          className="site-nav"
          aria-label={t('nav.label')}
          data-open={open || undefined}
        >
          <ul className="nav-links" role="list">
            <li>
              <a className="nav-link" href={sitePath(lang, '/')}>
                {t('nav.home')}
              </a>
            </li>
            <li>
              <a className="nav-link" href={sitePath(lang, '/listings')}>
                {t('nav.listings')}
              </a>
            </li>
            <li>
              <Link
                className="nav-link"
                to={accountLink.to}
                aria-current={accountLink.current ? 'page' : undefined}
              >
                {accountLink.label}
              </Link>
            </li>
            <li>
              <a className="nav-link" href={`${sitePath(lang, '/')}#contact`}>
                {t('nav.contact')}
              </a>
            </li>
          </ul>
          <div className="auth-links" aria-busy={session.status === 'loading' || undefined}>
            {session.status === 'loading' ? (
              <span className="auth-placeholder skeleton" aria-hidden="true" />
            ) : session.user ? (
              <Suspense
                fallback={<span className="auth-placeholder skeleton" aria-hidden="true" />}
              >
                <UserMenu user={session.user} />
              </Suspense>
            ) : (
              <>
                <Link className="btn btn-ghost btn-sm" to="/login">
                  {t('auth.login')}
                </Link>
                <Link className="btn btn-primary btn-sm" to="/register">
                  {t('auth.signup')}
                </Link>
              </>
            )}
          </div>
        </nav>

        <button
          type="button"
          className="lang-switch"
          onClick={() => void changeLanguage(other)}
          aria-label={t('language.switchTo', { language: t(`language.${other}`) })}
        >
          <Icon name="globe" />
          <span className="lang-long" lang={other}>
            {t(`language.${other}`)}
          </span>
          <span className="lang-short" aria-hidden="true">
            {t(`language.short.${other}`)}
          </span>
        </button>

        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? 'close' : 'menu'} />
          <span className="visually-hidden">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
        </button>
      </div>
    </header>
  )
}
