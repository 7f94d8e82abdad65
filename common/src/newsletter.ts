/**
 * What the footer's newsletter form says after the API answers, the same in the site and the
 * account app. The API answers alike for a new and a known address (nobody learns who
 * subscribed), so both get the one confirmation.
 */
export type NewsletterOutcome = 'success' | 'invalid' | 'error'

/** The HTTP status of the answer, or `null` when there was none (network error). */
export function newsletterOutcome(status: number | null): NewsletterOutcome {
  if (status !== null && status >= 200 && status < 300) return 'success'
  return status === 422 ? 'invalid' : 'error'
}
