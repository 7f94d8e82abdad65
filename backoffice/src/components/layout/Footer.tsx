/** The shared footer (`@sakan/common/ui/Footer`) with the newsletter form's live state. */
import { isEmail, newsletterOutcome, type NewsletterOutcome } from '@sakan/common'
import { Footer as SharedFooter } from '@sakan/common/ui/Footer'
import { useState, type FormEvent } from 'react'
import { apiRequest } from '../../providers/api'
import { isApiError } from '../../providers/http'
import { useLanguage } from '../../providers/use-language'
import { RouterLink } from './RouterLink'
import { useShellText } from './use-shell-text'

type Sending = { state: 'idle' | 'sending' | 'sent' } | { state: 'failed'; error: unknown }

/**
 * The newsletter form: her address, then the API's answer. Plain state, not React Query:
 * the footer is on every page's first load, the sign-in pages' included, which load no
 * data cache.
 */
function useNewsletter() {
  const [email, setEmail] = useState('')
  // Checked here before anything is sent; the API checks again.
  const [invalid, setInvalid] = useState(false)
  const [sending, setSending] = useState<Sending>({ state: 'idle' })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = email.trim()
    setInvalid(!isEmail(value))
    if (!isEmail(value)) {
      setSending({ state: 'idle' })
      return
    }
    setSending({ state: 'sending' })
    apiRequest('/api/newsletter', { method: 'POST', json: { email: value } }).then(
      () => {
        setEmail('')
        setSending({ state: 'sent' })
      },
      (error: unknown) => setSending({ state: 'failed', error })
    )
  }

  const outcome: NewsletterOutcome | null = invalid
    ? 'invalid'
    : sending.state === 'sent'
      ? newsletterOutcome(200)
      : sending.state === 'failed'
        ? newsletterOutcome(isApiError(sending.error) ? sending.error.statusCode : null)
        : null
  return {
    email,
    onEmailChange: setEmail,
    onSubmit,
    sending: sending.state === 'sending',
    outcome,
  }
}

export function Footer() {
  const t = useShellText()
  const lang = useLanguage()
  const newsletter = useNewsletter()
  return <SharedFooter t={t} lang={lang} AppLink={RouterLink} newsletter={newsletter} />
}
