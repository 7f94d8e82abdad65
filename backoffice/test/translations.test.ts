import { describe, expect, it } from 'vitest'
import arAccount from '@sakan/common/locales/ar/account.json'
import arAdmin from '@sakan/common/locales/ar/admin.json'
import enAccount from '@sakan/common/locales/en/account.json'
import enAdmin from '@sakan/common/locales/en/admin.json'
import arNotifications from '@sakan/common/locales/ar/notifications.json'
import enNotifications from '@sakan/common/locales/en/notifications.json'
import arStart from '@sakan/common/locales/ar/account.json?part=start'
import arData from '@sakan/common/locales/ar/account.json?part=data'
import enStart from '@sakan/common/locales/en/account.json?part=start'
import enData from '@sakan/common/locales/en/account.json?part=data'
import { ACCOUNT_DATA_SECTIONS } from '../route-chunks'

/** Every leaf key of a translation file, as `a.b.c`. */
function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix]
  return Object.entries(node).flatMap(([key, value]) =>
    keys(value, prefix ? `${prefix}.${key}` : key)
  )
}

/** The text at a leaf key (`a.b.c`). */
const textOf = (file: unknown, key: string) =>
  String(key.split('.').reduce<unknown>((n, part) => (n as Record<string, unknown>)[part], file))

function placeholders(node: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const key of keys(node)) {
    out[key] = [...textOf(node, key).matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]!).sort()
  }
  return out
}

describe.each([
  ['account', enAccount, arAccount],
  ['admin', enAdmin, arAdmin],
  ['notifications', enNotifications, arNotifications],
])('the %s namespace', (_name, en, ar) => {
  it('has the same keys in English and Arabic', () => {
    expect(keys(ar).sort()).toEqual(keys(en).sort())
  })

  it('has no empty texts', () => {
    for (const file of [en, ar]) {
      for (const key of keys(file)) {
        expect(textOf(file, key).trim(), key).not.toBe('')
      }
    }
  })

  it('uses the same placeholders in both languages', () => {
    expect(placeholders(ar)).toEqual(placeholders(en))
  })
})

describe('the two parts of the account namespace (vite.config.ts, route-chunks.ts)', () => {
  it.each([
    ['en', enAccount, enStart, enData],
    ['ar', arAccount, arStart, arData],
  ])(
    '%s: the start-up part and the data pages’ part are the whole file, once',
    (_lang, whole, start, data) => {
      expect(Object.keys(data).sort()).toEqual([...ACCOUNT_DATA_SECTIONS].sort())
      expect(Object.keys(start).filter((key) => key in data)).toEqual([])
      expect({ ...start, ...data }).toEqual(whole)
    }
  )
})

/** A link's or button's own name (`aria-label`) and the words it shows, by key. */
const NAMED_CONTROLS = [
  // LedgerTable.tsx: each payment's receipt link.
  ['office.tenancies.ledger.receiptOf', 'office.tenancies.ledger.receipt'],
] as const

describe.each([
  ['en', enAdmin],
  ['ar', arAdmin],
])('%s: a control named apart from its words', (_lang, admin) => {
  /* WCAG 2.5.3 (label in name): whoever speaks what she sees ("الإيصال") finds the control. */
  it.each(NAMED_CONTROLS)('%s holds the words %s shows', (named, shown) => {
    expect(textOf(admin, named)).toContain(textOf(admin, shown))
  })
})
