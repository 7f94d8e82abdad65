/**
 * The shared header (`@sakan/common/ui/Header`) with the account app's live behaviour: the
 * user menu or Log In / Sign Up, the language switched in place, the mobile menu that closes
 * on every route change, Escape and a click outside, and the shadow after 50 px; on
 * its button, her unread notifications, which her bell (inside the closed menu) last counted.
 */
import { HEADER_SHADOW_SCROLL_PX, otherLocale } from '@sakan/common'
import { Header as SharedHeader } from '@sakan/common/ui/Header'
import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'
import { isAdmin } from '../../lib/user'
import { changeLanguage } from '../../providers/i18n'
import { useSession, useUnread } from '../../providers/session-store'
import { useLanguage } from '../../providers/use-language'
import { RouterLink } from './RouterLink'
import { useShellText } from './use-shell-text'
import { preloadable } from '../../lib/preloadable'

/**
 * The signed-in person's menu and bell. Mantine's menu (and its positioning engine) loads for
 * signed-in visitors only, or with the pages that read data (App.tsx loads it ahead there).
 */
export const UserMenu = preloadable(() => import('./UserMenu'))

function subscribeScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true })
  return () => window.removeEventListener('scroll', onChange)
}
const isScrolled = () => window.scrollY > HEADER_SHADOW_SCROLL_PX

const placeholder = <span className="auth-placeholder skeleton" aria-hidden="true" />

export function Header() {
  const t = useShellText()
  const lang = useLanguage()
  const { user, isLoading } = useSession()
  const unread = useUnread()
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

  const admin = isAdmin(user)
  const onAccountPage = admin
    ? location.pathname.startsWith('/admin')
    : location.pathname === '/dashboard'
  const auth = isLoading ? (
    placeholder
  ) : user ? (
    <Suspense fallback={placeholder}>
      <UserMenu user={user} />
    </Suspense>
  ) : undefined

  return (
    <SharedHeader
      t={t}
      lang={lang}
      current={onAccountPage ? 'dashboard' : undefined}
      AppLink={RouterLink}
      admin={admin}
      auth={auth}
      authBusy={isLoading}
      scrolled={scrolled}
      menuOpen={open}
      onMenuToggle={() => setOpen((value) => !value)}
      unread={user ? unread : 0}
      onLanguageToggle={() => void changeLanguage(otherLocale(lang))}
      headerRef={headerRef}
      toggleRef={toggleRef}
    />
  )
}
