/**
 * The card payment result page: without an id, or with a status
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

/**
 * The gateway's failure messages (Moyasar's `source.message`, English capitals such as
 * "DECLINED", or a sentence such as "3-D Secure transaction attempt failed"), grouped by what
 * the resident can do about them; each has a text in both languages
 * (`paymentCallback.reasons.<reason>`).
 */
export const GATEWAY_FAILURES = [
  'threeDSecure',
  'insufficientFunds',
  'expiredCard',
  'securityCode',
  'invalidCard',
  'limitExceeded',
  'restricted',
  'declined',
  'timedOut',
  'cancelled',
  'unspecified',
] as const
export type GatewayFailure = (typeof GATEWAY_FAILURES)[number]

/** First match wins: "3-D Secure authentication failed" is the 3-D Secure step, not a decline. */
const FAILURE_PATTERNS: [RegExp, GatewayFailure][] = [
  [/\b3 ?D ?S(ECURE)?\b|\bAUTHENTICAT/, 'threeDSecure'],
  [/\bINSUFFICIENT\b|\bNOT SUFFICIENT\b/, 'insufficientFunds'],
  [/\bEXPIRED?\b|\bEXPIRY\b/, 'expiredCard'],
  [/\bCVV2?\b|\bCVC2?\b|\bCSC\b|\bSECURITY CODE\b/, 'securityCode'],
  [/\bINVALID (CARD|ACCOUNT|NUMBER|PAN)\b|\bNO SUCH (CARD|ISSUER)\b/, 'invalidCard'],
  [/\bLIMIT\b|\bEXCEEDS?\b|\bEXCEEDED\b/, 'limitExceeded'],
  [
    /\bLOST\b|\bSTOLEN\b|\bRESTRICTED\b|\bBLOCKED\b|\bNOT PERMITTED\b|\bNOT ALLOWED\b/,
    'restricted',
  ],
  [/\bDECLINED?\b|\bDO NOT HONOU?R\b|\bREFERRED\b|\bREFER TO\b|\bREJECTED\b/, 'declined'],
  [/\bTIME ?OUT\b|\bTIMED OUT\b/, 'timedOut'],
  [/\bCANCEL(L)?ED\b|\bABORTED\b/, 'cancelled'],
  [
    /\bUNSPECIFIED\b|\bSYSTEM ERROR\b|\bACQUIRER\b|\bISSUER (UNAVAILABLE|INOPERATIVE)\b/,
    'unspecified',
  ],
]

/**
 * What a gateway's failure message means, or null for one not known here (the page then
 * shows a general text in her language and the message itself in small print).
 */
export function gatewayFailureOf(message: string | null | undefined): GatewayFailure | null {
  const text = providerMessage(message)
  if (!text) return null
  const words = text
    .toUpperCase()
    .replace(/[_\-.,:;!()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return FAILURE_PATTERNS.find(([pattern]) => pattern.test(words))?.[1] ?? null
}

/** Which fallback text a failure without the provider's message shows. */
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
