/** The shared footer (`@sakan/common/ui/Footer`) with the newsletter form's live state. */
import { isEmail, newsletterOutcome, type NewsletterOutcome } from '@sakan/common'
import { Footer as SharedFooter } from '@sakan/common/ui/Footer'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { apiFetch, isApiError } from '../../providers/http'
import { useLanguage } from '../../providers/use-language'
import { RouterLink } from './RouterLink'
import { useShellText } from './use-shell-text'

/** The newsletter form: her address, then the API's answer (a sign-up, like any mutation). */
function useNewsletter() {
  const [email, setEmail] = useState('')
  // Checked here before anything is sent; the API checks again.
  const [invalid, setInvalid] = useState(false)
  const subscribe = useMutation({
    mutationFn: (address: string) =>
      apiFetch('/api/newsletter', { method: 'POST', json: { email: address } }),
    onSuccess: () => setEmail(''),
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = email.trim()
    setInvalid(!isEmail(value))
    if (isEmail(value)) subscribe.mutate(value)
    else subscribe.reset()
  }

  const outcome: NewsletterOutcome | null = invalid
    ? 'invalid'
    : subscribe.isSuccess
      ? newsletterOutcome(200)
      : subscribe.isError
        ? newsletterOutcome(isApiError(subscribe.error) ? subscribe.error.statusCode : null)
        : null
  return { email, onEmailChange: setEmail, onSubmit, sending: subscribe.isPending, outcome }
}

export function Footer() {
  const t = useShellText()
  const lang = useLanguage()
  const newsletter = useNewsletter()
  return <SharedFooter t={t} lang={lang} AppLink={RouterLink} newsletter={newsletter} />
}
