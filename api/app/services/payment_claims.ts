/*
 * The claim a card payment carries: what the server priced for her session — her
 * stay, the months or the deposit, the amount, an expiry — signed with the application key, so
 * that a payment made with the publishable key and hand-written metadata pays nothing. The
 * payload's shape is common's (`encodeClaim`/`parseClaim`); the signature is the API's alone.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { CLAIM_TTL_SECONDS, encodeClaim, parseClaim, type SignedClaimPayload } from '@sakan/common'
import { appKey } from '#config/app'

/* Kept apart from every other use of the application key (cookies, encryption). */
const PURPOSE = 'sakan:payment-claim:'

/** The longest claim we read: a payload (200 at most) and its signature. */
const MAX_CLAIM_LENGTH = 300

function signatureOf(payload: string): Buffer {
  return createHmac('sha256', appKey.release())
    .update(PURPOSE + payload)
    .digest()
}

/** The claim as the card form carries it: the payload, `.`, its base64url HMAC-SHA256. */
export function signClaim(payload: SignedClaimPayload): string {
  const text = encodeClaim(payload)
  return `${text}.${signatureOf(text).toString('base64url')}`
}

/** The expiry of a claim made at `now`, in seconds since the epoch. */
export function claimExpiry(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000) + CLAIM_TTL_SECONDS
}

/** When a claim was made (its expiry less its lifetime). */
export function claimIssuedAt(claim: Pick<SignedClaimPayload, 'expires'>): Date {
  return new Date((claim.expires - CLAIM_TTL_SECONDS) * 1000)
}

/** The payload of a claim this server signed, or null when it is not one (missing, altered, forged). */
export function verifyClaim(text: unknown): SignedClaimPayload | null {
  if (typeof text !== 'string' || text.length > MAX_CLAIM_LENGTH) return null
  const at = text.lastIndexOf('.')
  if (at < 1) return null
  const payload = text.slice(0, at)
  const signature = text.slice(at + 1)
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return null
  const given = Buffer.from(signature, 'base64url')
  const expected = signatureOf(payload)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return parseClaim(payload)
}
