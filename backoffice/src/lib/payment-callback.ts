/**
 * The card payment result page (spec §4 "Callback view"): without an id, or with a status
 * other than `paid`, the payment failed and nothing is verified; otherwise the server is
 * asked, and only `paid` or `completed` counts as success.
 */
export type CallbackStart =
  { kind: 'failed'; message: string | null } | { kind: 'verify'; id: string }

export function callbackStart(params: URLSearchParams): CallbackStart {
  const id = params.get('id')?.trim()
  const status = params.get('status')
  if (!id || status !== 'paid')
    return { kind: 'failed', message: providerMessage(params.get('message')) }
  return { kind: 'verify', id }
}

export function isSuccessfulVerification(status: string | null | undefined): boolean {
  return status === 'paid' || status === 'completed'
}

/** The gateway writes a missing message as the text "null" (TOOLCHAIN.md). */
export function providerMessage(message: string | null | undefined): string | null {
  const text = message?.trim()
  return text && text !== 'null' && text !== 'undefined' ? text : null
}

/** Which fallback text a failure without the provider's message shows (spec §8). */
export type FailureFallback = 'notCompleted' | 'notProcessed'

/** What the callback page shows. */
export type CallbackView =
  | { kind: 'verifying' }
  | { kind: 'success'; amount: number }
  | { kind: 'failed'; message: string | null; fallback: FailureFallback }
  | { kind: 'verificationError' }

/** The verification call as far as the page needs it. */
export interface VerificationState {
  status: 'pending' | 'error' | 'success'
  data?: { status: string; amount: number; message?: string | null } | undefined
}

/**
 * The view for a start and the verification's state: a failure reported by the form
 * ('Payment was not completed successfully.' without a message), the server's verdict
 * ('Your payment could not be processed.' without a message), or the verification error.
 */
export function callbackView(start: CallbackStart, verification: VerificationState): CallbackView {
  if (start.kind === 'failed')
    return { kind: 'failed', message: start.message, fallback: 'notCompleted' }
  if (verification.status === 'pending') return { kind: 'verifying' }
  const data = verification.data
  if (verification.status === 'error' || !data) return { kind: 'verificationError' }
  if (isSuccessfulVerification(data.status)) return { kind: 'success', amount: data.amount }
  return { kind: 'failed', message: providerMessage(data.message), fallback: 'notProcessed' }
}
