/** The footer's newsletter form: `POST /api/newsletter` with a clear confirmation or error. */
import { isEmail } from '@sakan/common'

export function initNewsletter(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-newsletter]')) {
    const input = form.querySelector<HTMLInputElement>('input[type="email"]')
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    const status = form.querySelector<HTMLElement>('[data-newsletter-status]')
    if (!input || !button || !status) continue
    const idleLabel = button.textContent ?? ''
    const say = (message: string, tone: 'success' | 'error' | '') => {
      status.textContent = message
      status.dataset.tone = tone
      input.setAttribute('aria-invalid', String(tone === 'error'))
    }

    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      const email = input.value.trim()
      if (!isEmail(email)) {
        say(form.dataset.msgInvalid ?? '', 'error')
        input.focus()
        return
      }
      button.disabled = true
      button.textContent = form.dataset.msgSubmitting ?? idleLabel
      say('', '')
      try {
        const response = await fetch(form.action, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify({ email }),
        })
        /* The API answers alike for a new and a known address (it does not tell who subscribed). */
        if (response.ok) {
          say(form.dataset.msgSuccess ?? '', 'success')
          form.reset()
        } else if (response.status === 422) {
          say(form.dataset.msgInvalid ?? '', 'error')
        } else {
          say(form.dataset.msgError ?? '', 'error')
        }
      } catch {
        say(form.dataset.msgError ?? '', 'error')
      } finally {
        button.disabled = false
        button.textContent = idleLabel
      }
    })
  }
}
