/**
 * "Please read our Privacy Policy": at the top of every page that reads data while the version
 * she last accepted (`SessionUser.privacyVersion`) is not the one in force — a new notice, or
 * an account that never accepted one here (signed up with Google). "I accept" records it
 * (`POST /api/me/consent`) and the prompt goes; the policy opens in a new tab.
 */
import { formatLongDate, localePath, PRIVACY_NOTICE_VERSION } from '@sakan/common'
import { useState } from 'react'
import { icons } from '@sakan/common/ui/Icon'
import { AccountNotice } from '../feedback/AccountNotice'
import { PendingButton } from '../auth/PendingButton'
import { showErrorToast } from '../../lib/refusals'
import { showToast } from '../../lib/toasts'
import type { SessionUser } from '../../lib/user'
import { apiRequest } from '../../providers/api'
import { sessionUserChanged } from '../../providers/auth-client'
import { useSession } from '../../providers/session-store'
import { useTexts } from '../../providers/use-language'

/** Whether she is asked: only an answer that names her version (an older API names none). */
export function asksPrivacyConsent(user: SessionUser | null): boolean {
  return (
    user !== null &&
    user.privacyVersion !== undefined &&
    user.privacyVersion !== PRIVACY_NOTICE_VERSION
  )
}

export function PrivacyNoticePrompt() {
  const { user } = useSession()
  const { t, lang } = useTexts('account')
  const [pending, setPending] = useState(false)
  if (!asksPrivacyConsent(user)) return null

  const accept = async () => {
    setPending(true)
    try {
      const next = await apiRequest<SessionUser>('/api/me/consent', {
        method: 'POST',
        json: { version: PRIVACY_NOTICE_VERSION },
      })
      // The prompt goes with the button she pressed: keep her place in the page.
      document.getElementById('main')?.focus({ preventScroll: true })
      await sessionUserChanged(next)
      showToast({ tone: 'success', title: t('privacyNotice.accepted') })
    } catch (error) {
      showErrorToast(error, t('privacyNotice.failed'))
    } finally {
      setPending(false)
    }
  }

  const date = formatLongDate(`${PRIVACY_NOTICE_VERSION}T09:00:00Z`, lang)
  return (
    <AccountNotice icon={icons.shield} title={t('privacyNotice.title')} testId="privacy-prompt">
      <p>{t('privacyNotice.text', { date })}</p>
      <div className="verify-actions">
        <PendingButton
          size="sm"
          pending={pending}
          pendingLabel={t('privacyNotice.accepting')}
          onClick={() => void accept()}
          data-testid="privacy-accept"
        >
          {t('privacyNotice.accept')}
        </PendingButton>
        <a href={localePath(lang, '/privacy')} target="_blank" rel="noopener">
          {t('privacyNotice.read')}
        </a>
      </div>
    </AccountNotice>
  )
}
