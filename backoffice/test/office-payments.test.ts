/**
 * Rent received another way than the card form, voids, refunds and the rent roll (issue 44), as
 * pure rules: the months a recorded payment may pay and what they come to, the checks of its
 * fields and what is sent, which payments may be voided or refunded and for how much, the rent
 * roll's filters from the address, and a text in both languages for every value shown.
 */
import { describe, expect, it } from 'vitest'
import arAccount from '@sakan/common/locales/ar/account.json'
import arAdmin from '@sakan/common/locales/ar/admin.json'
import enAccount from '@sakan/common/locales/en/account.json'
import enAdmin from '@sakan/common/locales/en/admin.json'
import { OVERDUE_BUCKETS, PAYMENT_METHODS, PAYMENT_STATUSES, monthRange } from '@sakan/common'
import {
  MAX_REFERENCE_LENGTH,
  amountValue,
  canRefund,
  canVoid,
  recordBody,
  recordProblems,
  recordableMonths,
  recordedAmount,
  refundAmountProblem,
  refundLeft,
  type RecordValues,
} from '../src/lib/office-payments'
import {
  collectedOf,
  formatShortMonth,
  historyHasFigures,
  historyPoints,
  rentRollExportPath,
  rentRollFilters,
  rentRollParams,
  rentRollQuery,
} from '../src/lib/rent-roll'
import { PAYMENT_TONES } from '../src/lib/status'
import { ledgerRowOf, paymentOf, rentRollOf } from './fixtures'

/** 15 March 2027, noon in Riyadh. */
const NOW = new Date('2027-03-15T09:00:00.000Z')

describe('the months a recorded payment may pay', () => {
  const stay = { startDate: '2026-11-01', endDate: null }
  const ledger = [
    ledgerRowOf('2026-11', 'paid', { paymentId: 1 }),
    ledgerRowOf('2026-12', 'paid', { paymentId: 2 }),
    ledgerRowOf('2027-01', 'overdue'),
    ledgerRowOf('2027-02', 'overdue'),
    ledgerRowOf('2027-03', 'due'),
  ]

  it('are the unpaid months of the ledger, then the months after it up to a year ahead', () => {
    const months = recordableMonths(stay, ledger, NOW)
    expect(months.slice(0, 4)).toEqual([
      { month: '2027-01', state: 'overdue' },
      { month: '2027-02', state: 'overdue' },
      { month: '2027-03', state: 'due' },
      { month: '2027-04', state: 'upcoming' },
    ])
    expect(months.at(-1)).toEqual({ month: '2028-03', state: 'upcoming' })
    expect(months.every(({ month }) => month >= '2027-01')).toBe(true)
  })

  it('stop at the stay’s last month', () => {
    const months = recordableMonths({ ...stay, endDate: '2027-05-31' }, ledger, NOW)
    expect(months.map(({ month }) => month)).toEqual([
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
    ])
  })

  it('are none for a stay whose months are all paid', () => {
    const ended = { startDate: '2026-11-01', endDate: '2026-12-31' }
    expect(recordableMonths(ended, ledger.slice(0, 2), NOW)).toEqual([])
  })
})

describe('what the months come to if received today', () => {
  const ledger = [
    ledgerRowOf('2027-01', 'overdue', { lateFee: 100 }),
    ledgerRowOf('2027-02', 'overdue', { lateFee: 100 }),
    ledgerRowOf('2027-03', 'due'),
  ]
  const discounts = { quarterly: 5, annual: 10 }

  it('is each month’s rent with its late fee', () => {
    expect(recordedAmount(['2027-01'], ledger, 1500, discounts)).toBe(1600)
    expect(recordedAmount(['2027-01', '2027-02'], ledger, 1500, discounts)).toBe(3200)
  })

  it('takes the plan’s discount off 3 or 12 months’ rent, never off the late fees', () => {
    // 4,500 less 5 % = 4,275, plus 200 of late fees.
    expect(recordedAmount(['2027-01', '2027-02', '2027-03'], ledger, 1500, discounts)).toBe(4475)
    // Months past the ledger at the stay's rent; 12 of them less 10 %.
    expect(recordedAmount(monthRange('2027-04', '2027-12'), ledger, 1500, discounts)).toBe(13500)
    expect(recordedAmount(monthRange('2027-03', '2028-02'), ledger, 1500, discounts)).toBe(16200)
  })

  it('is nothing to say for no month, and no discount without the configuration', () => {
    expect(recordedAmount([], ledger, 1500, discounts)).toBeNull()
    expect(recordedAmount(['2027-01', '2027-02', '2027-03'], ledger, 1500, undefined)).toBe(4700)
  })
})

describe('the recorded payment’s fields', () => {
  const valid: RecordValues = {
    kind: 'rent',
    monthsCovered: ['2027-02', '2027-01'],
    method: 'bank_transfer',
    reference: ' TRX-2027/0042 ',
    receivedOn: '2027-03-14',
    amount: '٣٢٠٠',
  }
  const keys = (values: RecordValues) =>
    Object.fromEntries(
      Object.entries(recordProblems(values, '2027-03-15')).map(([field, problem]) => [
        field,
        problem?.key ?? null,
      ])
    )

  it('are sent as the API reads them: months in order, trimmed, Latin digits', () => {
    expect(keys(valid)).toEqual({
      monthsCovered: null,
      method: null,
      reference: null,
      receivedOn: null,
      amount: null,
    })
    expect(recordBody(valid)).toEqual({
      kind: 'rent',
      monthsCovered: ['2027-01', '2027-02'],
      method: 'bank_transfer',
      reference: 'TRX-2027/0042',
      receivedOn: '2027-03-14',
      amount: 3200,
    })
    expect(recordBody({ ...valid, kind: 'deposit' })).not.toHaveProperty('monthsCovered')
  })

  it.each([
    ['no month', { monthsCovered: [] }, 'monthsCovered', 'monthsRequired'],
    [
      'more than 12 months',
      { monthsCovered: monthRange('2027-01', '2028-01') },
      'monthsCovered',
      'monthsTooMany',
    ],
    ['a gap', { monthsCovered: ['2027-01', '2027-03'] }, 'monthsCovered', 'monthsNotInARow'],
    ['no way it came', { method: '' }, 'method', 'methodRequired'],
    ['no reference', { reference: '  ' }, 'reference', 'referenceRequired'],
    ['a reference with a sign', { reference: 'TRX#42' }, 'reference', 'referenceInvalid'],
    [
      'a reference too long',
      { reference: 'A'.repeat(MAX_REFERENCE_LENGTH + 1) },
      'reference',
      'referenceInvalid',
    ],
    ['no date', { receivedOn: '' }, 'receivedOn', 'receivedOnRequired'],
    ['tomorrow', { receivedOn: '2027-03-16' }, 'receivedOn', 'receivedOnFuture'],
    ['no amount', { amount: '' }, 'amount', 'amountInvalid'],
    ['three decimals', { amount: '1500.005' }, 'amount', 'amountInvalid'],
    ['nothing', { amount: '0' }, 'amount', 'amountInvalid'],
  ] as const)('refuse %s', (_name, change, field, key) => {
    expect(keys({ ...valid, ...change } as RecordValues)[field]).toBe(key)
  })

  it('need no month for the deposit, and take an Arabic reference', () => {
    expect(keys({ ...valid, kind: 'deposit', monthsCovered: [] }).monthsCovered).toBeNull()
    expect(keys({ ...valid, reference: 'دفتر ١٢/٤٥' }).reference).toBeNull()
  })

  it('read the amount with either keyboard', () => {
    expect(amountValue('1500.50')).toBe(1500.5)
    expect(amountValue(' ١٥٠٠٫٥٠ ')).toBe(1500.5)
    expect(amountValue('1,500')).toBeNull()
  })
})

describe('voids and refunds', () => {
  it('void a recorded payment that stands, never a card payment', () => {
    expect(canVoid(paymentOf(1, { paymentMethod: 'ejar' }))).toBe(true)
    expect(canVoid(paymentOf(1, { paymentMethod: 'cash' }))).toBe(true)
    expect(canVoid(paymentOf(1, { paymentMethod: 'ejar', paymentStatus: 'voided' }))).toBe(false)
    expect(canVoid(paymentOf(1))).toBe(false)
  })

  it('refund a completed card payment of rent while some of it is left', () => {
    expect(canRefund(paymentOf(1))).toBe(true)
    expect(canRefund(paymentOf(1, { refundedAmount: 500 }))).toBe(true)
    expect(canRefund(paymentOf(1, { refundedAmount: 1500 }))).toBe(false)
    expect(canRefund(paymentOf(1, { kind: 'deposit', monthsCovered: [] }))).toBe(false)
    expect(canRefund(paymentOf(1, { paymentMethod: 'bank_transfer' }))).toBe(false)
    expect(canRefund(paymentOf(1, { paymentStatus: 'refunded' }))).toBe(false)
  })

  it('refund at most what is left, to the halala', () => {
    const payment = paymentOf(1, { amount: 4275.5, refundedAmount: 1000.25 })
    expect(refundLeft(payment)).toBe(3275.25)
    expect(refundAmountProblem('3275.25', 3275.25)).toBeNull()
    expect(refundAmountProblem('3275.26', 3275.25, (sar) => `SAR ${sar}`)).toEqual({
      key: 'amountAboveLeft',
      values: { max: 'SAR 3275.25' },
    })
    expect(refundAmountProblem('abc', 3275.25)?.key).toBe('amountInvalid')
  })
})

describe('the rent roll’s filters', () => {
  it('read the month and the building from the address', () => {
    expect(rentRollFilters(new URLSearchParams('month=2027-01&buildingId=3'), NOW)).toEqual({
      month: '2027-01',
      buildingId: '3',
    })
  })

  it('are this month, all buildings, when the address says nothing or nonsense', () => {
    for (const query of ['', 'month=2027-04', 'month=2027-13', 'month=1999-12', 'buildingId=x'])
      expect(rentRollFilters(new URLSearchParams(query), NOW), query).toEqual({
        month: '2027-03',
        buildingId: null,
      })
  })

  it('name the API’s read and its CSV, the building only when one', () => {
    expect(rentRollParams({ month: '2027-01', buildingId: null })).toEqual({ month: '2027-01' })
    expect(rentRollQuery({ month: '2027-01', buildingId: '4' }).toString()).toBe(
      'month=2027-01&buildingId=4'
    )
    expect(rentRollExportPath({ month: '2027-01', buildingId: '4' })).toBe(
      '/api/admin/rent-roll/export?month=2027-01&buildingId=4'
    )
  })

  it('draw the history month by month, every way money came', () => {
    const roll = rentRollOf('2027-03')
    const points = historyPoints(roll.history)
    expect(points).toHaveLength(12)
    expect(points[0]).toEqual({
      month: '2026-04',
      expected: 24000,
      creditCard: 15000,
      ejar: 3000,
      bank_transfer: 1500,
      cash: 0,
    })
    expect(collectedOf(roll.history[0]!.collected)).toBe(19500)
    expect(historyHasFigures(roll.history)).toBe(true)
    const quiet = roll.history.map((point) => ({
      ...point,
      expected: 0,
      collected: { creditCard: 0, ejar: 0, bank_transfer: 0, cash: 0 },
    }))
    expect(historyHasFigures(quiet)).toBe(false)
    expect(formatShortMonth('2027-03', 'en')).toBe('Mar 27')
    expect(formatShortMonth('2027-03', 'ar')).toBe('مارس ٢٧')
  })
})

/** The text at `a.b.c`, or undefined. */
function textAt(file: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file)
}

describe.each([
  ['en', enAdmin, enAccount],
  ['ar', arAdmin, arAccount],
] as const)('%s: the words of every value', (_lang, admin, account) => {
  it('names every payment status, with a tone', () => {
    for (const status of PAYMENT_STATUSES) {
      expect(textAt(account, `status.payment.${status}`), status).toEqual(expect.any(String))
      expect(PAYMENT_TONES[status], status).toBeTruthy()
    }
  })

  it('names every way a payment came and its reference, in both areas', () => {
    for (const method of PAYMENT_METHODS) {
      expect(textAt(admin, `office.payments.references.${method}`), method).toEqual(
        expect.any(String)
      )
      expect(textAt(account, `receipt.methods.${method}`), method).toEqual(expect.any(String))
      expect(textAt(account, `receipt.references.${method}`), method).toEqual(expect.any(String))
    }
  })

  it('names every age bucket, and the rent roll in the navigation', () => {
    for (const bucket of OVERDUE_BUCKETS)
      expect(textAt(admin, `office.rentRoll.behind.buckets.${bucket}`), bucket).toEqual(
        expect.any(String)
      )
    expect(textAt(admin, 'office.nav.rent-roll')).toEqual(expect.any(String))
  })
})
