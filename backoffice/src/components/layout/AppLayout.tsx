/**
 * Every page's frame: skip link, the site's header, the page, the site's footer. After an
 * in-app navigation, focus moves to the new page's heading so screen readers announce it.
 * Until her e-mail address is verified, a signed-in visitor sees the notice saying so above
 * every account page.
 */
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { needsEmailVerification, showsVerificationNotice } from '../../lib/email-verification'
import { useSession } from '../../providers/session-store'
import { PageSkeleton } from '../PageShell'
import { Footer } from './Footer'
import { Header } from './Header'

// Loaded only for someone who has to verify her address.
const VerifyEmailNotice = lazy(() => import('../auth/VerifyEmailNotice'))

export function AppLayout() {
  const { t } = useTranslation('common')
  const location = useLocation()
  const { user } = useSession()
  const firstRender = useRef(true)

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    if (location.hash) return
    window.scrollTo({ top: 0 })
    const heading = document.querySelector<HTMLElement>('#main h1')
    const target = heading ?? document.getElementById('main')
    if (target) {
      if (!target.hasAttribute('tabindex')) target.tabIndex = -1
      target.focus({ preventScroll: true })
    }
  }, [location.pathname, location.hash])

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {user && needsEmailVerification(user) && showsVerificationNotice(location.pathname) && (
          <Suspense fallback={null}>
            <VerifyEmailNotice email={user.email} />
          </Suspense>
        )}
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  )
}
