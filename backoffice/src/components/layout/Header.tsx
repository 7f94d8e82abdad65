/**
 * The shared header (`@sakan/common/ui/Header`) with the account app's live behaviour: the
 * user menu or Log In / Sign Up, the language switched in place, the mobile menu that closes
 * on every route change, Escape and a click outside, and the shadow after 50 px (spec §2).
 */
import { useClickOutside, useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks'
import { useGetIdentity } from '@refinedev/core'
import { HEADER_SHADOW_SCROLL_PX, otherLocale } from '@sakan/common'
import { Header as SharedHeader } from '@sakan/common/ui/Header'
import { lazy, Suspense, useRef, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'
import { isAdmin, type SessionUser } from '../../lib/user'
import { changeLanguage } from '../../providers/i18n'
import { useLanguage } from '../../providers/use-language'
import { RouterLink } from './RouterLink'
import { useShellText } from './use-shell-text'

// Mantine's menu (and its positioning engine) loads only for signed-in visitors.
const UserMenu = lazy(() => import('./UserMenu'))

function subscribeScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true })
  return () => window.removeEventListener('scroll', onChange)
}
const isScrolled = () => window.scrollY > HEADER_SHADOW_SCROLL_PX

/** Where the mobile menu gives way to the full navigation. */
const WIDE = '(min-width: 960px)'

const placeholder = <span className="auth-placeholder skeleton" aria-hidden="true" />

export function Header() {
  const t = useShellText()
  const lang = useLanguage()
  const { data: user, isLoading } = useGetIdentity<SessionUser | null>()
  const location = useLocation()
  const scrolled = useSyncExternalStore(subscribeScroll, isScrolled, () => false)
  const [open, menu] = useDisclosure(false)
  const [routeKey, setRouteKey] = useState(location.key)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const wide = useMediaQuery(WIDE)

  // The mobile menu closes whenever she navigates, and when the window grows past it.
  if (open && (wide || routeKey !== location.key)) menu.close()
  if (routeKey !== location.key) setRouteKey(location.key)

  // Escape closes it and gives focus back to its toggle.
  const closeOnEscape = () => {
    if (!open) return
    menu.close()
    toggleRef.current?.focus()
  }
  useHotkeys([['Escape', closeOnEscape, { preventDefault: false }]], [])
  // So does a press outside the header. Pointer down, not click: by the time a click reaches
  // the document, the toggle's icon may already be re-rendered and its target detached. The
  // user menu renders in a portal.
  const headerRef = useClickOutside<HTMLElement>(
    (event) => {
      if (!(event.target as Element).closest?.('[data-user-menu]')) menu.close()
    },
    ['pointerdown'],
    undefined,
    open
  )

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
      onMenuToggle={menu.toggle}
      onLanguageToggle={() => void changeLanguage(otherLocale(lang))}
      headerRef={headerRef}
      toggleRef={toggleRef}
    />
  )
}
