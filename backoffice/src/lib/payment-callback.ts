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
