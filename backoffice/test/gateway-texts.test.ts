/**
 * What a person reads comes from the translation files, in her language and digits —
 * the gateway's failure messages, the audit log's actions and subjects, the payment method, and
 * the numbers in the Arabic texts.
 */
import { describe, expect, it } from 'vitest'
import arAccount from '@sakan/common/locales/ar/account.json'
import arAdmin from '@sakan/common/locales/ar/admin.json'
import enAccount from '@sakan/common/locales/en/account.json'
import enAdmin from '@sakan/common/locales/en/admin.json'
import { PAYMENT_METHODS } from '@sakan/common'
import {
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_TYPES,
  auditActionKey,
  auditSubjectKey,
} from '../src/lib/audit'
import { GATEWAY_FAILURES, gatewayFailureOf } from '../src/lib/payment-callback'

/** The account and admin texts in both languages, for `it.each`. */
const ACCOUNT_FILES = [
  ['en', enAccount],
  ['ar', arAccount],
] as const
const ADMIN_FILES = [
  ['en', enAdmin],
  ['ar', arAdmin],
] as const

/** The text at `a.b.c`, or undefined. */
function textAt(file: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file)
}

/** Every text of a file with its key. */
function texts(node: unknown, prefix = ''): [string, string][] {
  if (typeof node !== 'object' || node === null) return [[prefix, String(node)]]
  return Object.entries(node).flatMap(([key, value]) =>
    texts(value, prefix ? `${prefix}.${key}` : key)
  )
}

describe('the gateway’s failure messages (Moyasar, the sandbox)', () => {
  it.each([
    // The sandbox's messages (sandbox/src/payments.ts) and README's test cards.
    ['DECLINED', 'declined'],
    ['INSUFFICIENT FUNDS', 'insufficientFunds'],
    ['UNSPECIFIED FAILURE', 'unspecified'],
    ['3-D Secure transaction attempt failed', 'threeDSecure'],
    // Moyasar's other wordings, in any case and punctuation.
    ['Insufficient Funds', 'insufficientFunds'],
    ['AUTHENTICATION_FAILED', 'threeDSecure'],
    ['3DS authentication failed', 'threeDSecure'],
    ['EXPIRED CARD', 'expiredCard'],
    ['Card expired', 'expiredCard'],
    ['INVALID CVV', 'securityCode'],
    ['Invalid card number', 'invalidCard'],
    ['EXCEEDS WITHDRAWAL LIMIT', 'limitExceeded'],
    ['LOST CARD', 'restricted'],
    ['TRANSACTION NOT PERMITTED', 'restricted'],
    ['DO NOT HONOUR', 'declined'],
    ['Declined by issuer', 'declined'],
    ['TIMED OUT', 'timedOut'],
    ['Cancelled', 'cancelled'],
    ['ACQUIRER SYSTEM ERROR', 'unspecified'],
  ])('"%s" → %s', (message, reason) => {
    expect(gatewayFailureOf(message)).toBe(reason)
  })

  it('knows nothing of an unknown message, an empty one or the text "null"', () => {
    expect(gatewayFailureOf('Something new happened')).toBeNull()
    expect(gatewayFailureOf('')).toBeNull()
    expect(gatewayFailureOf('null')).toBeNull()
    expect(gatewayFailureOf(undefined)).toBeNull()
  })

  it.each(ACCOUNT_FILES)(
    '%s: every reason, the unknown one and the small print have a text',
    (_lang, file) => {
      for (const reason of [...GATEWAY_FAILURES, 'unknown'])
        expect(textAt(file, `paymentCallback.reasons.${reason}`), reason).toEqual(
          expect.any(String)
        )
      expect(textAt(file, 'paymentCallback.gatewayMessage')).toEqual(expect.any(String))
    }
  )

  it('never shows the gateway’s capitals on an Arabic page', () => {
    for (const reason of GATEWAY_FAILURES)
      expect(textAt(arAccount, `paymentCallback.reasons.${reason}`)).not.toMatch(/[A-Z]{4,}/)
  })
})

describe('the audit log in her language', () => {
  it.each(ADMIN_FILES)(
    '%s: every action and subject type the API records has a text',
    (_lang, file) => {
      for (const action of AUDIT_ACTIONS) {
        const key = auditActionKey(action)
        expect(key, action).not.toBeNull()
        expect(textAt(file, key!), action).toEqual(expect.any(String))
      }
      for (const type of AUDIT_SUBJECT_TYPES) {
        const key = auditSubjectKey(type)
        expect(textAt(file, key!), type).toEqual(expect.any(String))
      }
    }
  )

  it('leaves an action or a subject type it does not know as recorded', () => {
    expect(auditActionKey('room.teleported')).toBeNull()
    expect(auditActionKey('office.common')).toBeNull()
    expect(auditSubjectKey('spaceship')).toBeNull()
    expect(auditSubjectKey(null)).toBeNull()
  })

  it.each(ADMIN_FILES)('%s: every payment method has a text', (_lang, file) => {
    for (const method of PAYMENT_METHODS)
      expect(textAt(file, `office.payments.methods.${method}`)).toEqual(expect.any(String))
  })
})

describe('numbers in the Arabic texts', () => {
  it('are written in Arabic-Indic digits (identifiers go through `{{x, digits}}`)', () => {
    /* Latin digits may stay only inside names that carry them: 3-D Secure, F8, CVC. */
    const allowed = /3-D Secure|F8/g
    for (const file of [arAccount, arAdmin]) {
      for (const [key, value] of texts(file)) {
        expect(value.replace(allowed, ''), key).not.toMatch(/[0-9]/)
      }
    }
  })

  it('room choices on the payment page write the number in the page’s digits', () => {
    expect(textAt(arAccount, 'payment.roomOption')).toContain('{{number, digits}}')
    expect(textAt(enAccount, 'payment.roomOption')).toContain('{{number, digits}}')
  })
})
