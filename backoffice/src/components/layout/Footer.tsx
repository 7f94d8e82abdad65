/** The shared footer (`@sakan/common/ui/Footer`) with the newsletter form's live state. */
import { isEmail, newsletterOutcome, type NewsletterOutcome } from '@sakan/common'
import { Footer as SharedFooter } from '@sakan/common/ui/Footer'
import { useState, type FormEvent } from 'react'
import { apiFetch, isApiError } from '../../providers/http'
import { useLanguage } from '../../providers/use-language'
import { RouterLink } from './RouterLink'
import { useShellText } from './use-shell-text'

function useNewsletter() {
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<NewsletterOutcome | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = email.trim()
    if (!isEmail(value)) {
      setOutcome('invalid')
      return
    }
    setSending(true)
    setOutcome(null)
    try {
      await apiFetch('/api/newsletter', { method: 'POST', json: { email: value } })
      setOutcome(newsletterOutcome(200))
      setEmail('')
    } catch (error) {
      setOutcome(newsletterOutcome(isApiError(error) ? error.statusCode : null))
    } finally {
      setSending(false)
    }
  }

  return { email, onEmailChange: setEmail, onSubmit, sending, outcome }
}

export function Footer() {
  const t = useShellText()
  const lang = useLanguage()
  const newsletter = useNewsletter()
  return <SharedFooter t={t} lang={lang} AppLink={RouterLink} newsletter={newsletter} />
}
