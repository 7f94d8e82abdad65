/**
 * The footer's newsletter form. Without `controls` it is static markup for the site's script
 * (`data-newsletter`, the `data-msg-*` texts); the account app passes its live state.
 * Both say the same through `newsletterOutcome`.
 */
import type { NewsletterOutcome, Translate } from '@sakan/common'
import type { ChangeEvent, FormEvent } from 'react'

export interface NewsletterControls {
  email: string
  onEmailChange: (email: string) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  sending: boolean
  outcome: NewsletterOutcome | null
}

export function NewsletterForm({ t, controls }: { t: Translate; controls?: NewsletterControls }) {
  const outcome = controls?.outcome ?? null
  const tone = outcome === null ? undefined : outcome === 'success' ? 'success' : 'error'
  return (
    <form
      className="newsletter-form"
      action="/api/newsletter"
      method="post"
      noValidate
      data-newsletter
      data-msg-success={t('common:footer.newsletter.success')}
      data-msg-invalid={t('common:footer.newsletter.invalid')}
      data-msg-error={t('common:footer.newsletter.error')}
      data-msg-submitting={t('common:footer.newsletter.submitting')}
      onSubmit={controls?.onSubmit}
    >
      <label className="visually-hidden" htmlFor="newsletter-email">
        {t('common:footer.newsletter.label')}
      </label>
      <input
        className="input newsletter-input"
        id="newsletter-email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        dir="ltr"
        required
        placeholder={t('common:footer.newsletter.placeholder')}
        aria-describedby="newsletter-status"
        aria-invalid={tone === 'error' || undefined}
        {...(controls && {
          value: controls.email,
          onChange: (event: ChangeEvent<HTMLInputElement>) =>
            controls.onEmailChange(event.target.value),
        })}
      />
      <button className="btn btn-primary" type="submit" disabled={controls?.sending}>
        {controls?.sending
          ? t('common:footer.newsletter.submitting')
          : t('common:footer.newsletter.submit')}
      </button>
      <p
        className="newsletter-status"
        id="newsletter-status"
        role="status"
        aria-live="polite"
        data-newsletter-status
        data-tone={tone}
      >
        {outcome && t(`common:footer.newsletter.${outcome}`)}
      </p>
    </form>
  )
}
