/** The footer's newsletter form: `POST /api/newsletter` with a clear confirmation or error. */
import { isEmail, newsletterOutcome, type NewsletterOutcome } from '@sakan/common'
import { api } from './http'

export function initNewsletter(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-newsletter]')) {
    const input = form.querySelector<HTMLInputElement>('input[type="email"]')
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    const status = form.querySelector<HTMLElement>('[data-newsletter-status]')
    if (!input || !button || !status) continue
    const idleLabel = button.textContent ?? ''
    const messages: Record<NewsletterOutcome, string | undefined> = {
      success: form.dataset.msgSuccess,
      invalid: form.dataset.msgInvalid,
      error: form.dataset.msgError,
    }
    const say = (outcome: NewsletterOutcome | null) => {
      status.textContent = outcome ? (messages[outcome] ?? '') : ''
      status.dataset.tone = outcome === null ? '' : outcome === 'success' ? 'success' : 'error'
      input.setAttribute('aria-invalid', String(outcome !== null && outcome !== 'success'))
    }

    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      const email = input.value.trim()
      if (!isEmail(email)) {
        say('invalid')
        input.focus()
        return
      }
      button.disabled = true
      button.textContent = form.dataset.msgSubmitting ?? idleLabel
      say(null)
      let outcome: NewsletterOutcome
      try {
        const { status } = await api(form.action, { method: 'POST', body: { email } })
        outcome = newsletterOutcome(status)
      } catch {
        outcome = newsletterOutcome(null)
      }
      say(outcome)
      if (outcome === 'success') form.reset()
      button.disabled = false
      button.textContent = idleLabel
    })
  }
}
