import { describe, expect, it } from 'vitest'
import { monthRange, type LedgerRow } from '@sakan/common'
import enAdmin from '@sakan/common/locales/en/admin.json'
import arAdmin from '@sakan/common/locales/ar/admin.json'
import enAccount from '@sakan/common/locales/en/account.json'
import arAccount from '@sakan/common/locales/ar/account.json'
import {
  formatMonthSpan,
  hasReceipt,
  aheadDiscounted,
  discountFact,
  lateRentFact,
  ledgerPayPath,
  monthsOfPayment,
  payPath,
  payableStay,
  paymentCoverText,
  paymentPreset,
  prepayCount,
  stayOffers,
} from '../src/lib/rent'
import {
  cardFormSettings,
  chosenMonth,
  monthChoices,
  paymentRecord,
  type QuotedClaim,
} from '../src/lib/payment'

const row = (month: string, state: LedgerRow['state'], paymentId: number | null = null) => ({
  month,
  state,
  paymentId: state === 'paid' ? (paymentId ?? 1) : null,
})
const stayOf = (startDate: string, endDate: string | null, paid = 0) => ({
  startDate,
  endDate,
  monthlyRent: 1450,
  deposit: { amount: 1450, paid, returnedAmount: null },
})

describe('what the payment page offers (issue 39: common’s rentOffers)', () => {
  // 10 December 2026 in Riyadh.
  const now = new Date('2026-12-10T09:00:00.000Z')

  it('reads the stay and its ledger as common’s rules do, in halalas', () => {
    const payable = payableStay(stayOf('2026-11-01', null, 1450), [
      row('2026-11', 'overdue'),
      row('2026-12', 'paid', 9),
    ])
    expect(payable.stay).toEqual({ startDate: '2026-11-01', endDate: null, monthlyRent: 145000 })
    expect(payable.payments).toEqual([{ id: 9, status: 'completed', months: ['2026-12'] }])
    expect(payable.deposit).toEqual({ amount: 145000, paid: 145000 })
  })

  it('starts with an overdue month, and offers no plan over a month paid', () => {
    const offers = stayOffers(
      stayOf('2026-11-01', null),
      [row('2026-11', 'overdue'), row('2026-12', 'paid')],
      now
    )
    expect(offers.earliestUnpaid).toBe('2026-11')
    expect(offers.months.slice(0, 3)).toEqual(['2026-11', '2027-01', '2027-02'])
    expect(offers.months).not.toContain('2026-12')
    // Through the 12 months ahead of the current one, no further.
    expect(offers.months.at(-1)).toBe('2027-12')
    expect(offers.plans).toEqual({ 3: null, 12: null })
    expect(offers.deposit).toBe(true)
  })

  it('offers the next 3 unpaid months from the earliest one, and no 12 past the stay’s end', () => {
    const offers = stayOffers(
      stayOf('2026-11-01', '2027-01-31', 1450),
      [row('2026-11', 'due')],
      new Date('2026-11-03T09:00:00.000Z')
    )
    expect(offers.months).toEqual(['2026-11', '2026-12', '2027-01'])
    expect(offers.plans[3]).toEqual(['2026-11', '2026-12', '2027-01'])
    expect(offers.plans[12]).toBeNull()
    expect(offers.deposit).toBe(false)
  })

  it('lists the single months with the paid ones shown as paid and the owed ones marked', () => {
    const ledger = [row('2026-11', 'overdue'), row('2026-12', 'paid')]
    const offers = stayOffers(stayOf('2026-11-01', null), ledger, now)
    const choices = monthChoices(offers, ledger)
    expect(choices.slice(0, 3)).toEqual([
      { value: '2026-11', paid: false, owed: true },
      { value: '2026-12', paid: true, owed: false },
      { value: '2027-01', paid: false, owed: false },
    ])
    expect(choices.filter((choice) => !choice.paid).map((choice) => choice.value)).toEqual(
      offers.months
    )
    expect(monthChoices({ months: [] }, ledger)).toEqual([])
  })

  it('chooses the month asked for when offered, else the earliest unpaid one', () => {
    const offers = { months: ['2026-11', '2027-01'] }
    expect(chosenMonth(offers, '2027-01')).toBe('2027-01')
    expect(chosenMonth(offers, '2026-12')).toBe('2026-11')
    expect(chosenMonth(offers, null)).toBe('2026-11')
    expect(chosenMonth({ months: [] }, '2026-12')).toBeNull()
  })

  it('knows how many months each plan pays ahead', () => {
    expect([prepayCount('1'), prepayCount('3'), prepayCount('12'), prepayCount('deposit')]).toEqual(
      [null, 3, 12, null]
    )
  })
})

describe('a payment’s months', () => {
  it('are its monthsCovered, or its monthCovered for a record without them', () => {
    expect(
      monthsOfPayment({
        monthCovered: '2026-12',
        kind: 'rent',
        monthsCovered: ['2026-12', '2027-01'],
      })
    ).toEqual(['2026-12', '2027-01'])
    expect(monthsOfPayment({ monthCovered: '2026-12', kind: 'rent', monthsCovered: [] })).toEqual([
      '2026-12',
    ])
    expect(monthsOfPayment({ monthCovered: '2026-12' })).toEqual(['2026-12'])
    expect(
      monthsOfPayment({ monthCovered: '2026-12', kind: 'deposit', monthsCovered: [] })
    ).toEqual([])
  })

  it('shows a deposit as the deposit and several months as a range, never the first alone', () => {
    const deposit = { kind: 'deposit' as const, monthCovered: '2026-12', monthsCovered: [] }
    expect(paymentCoverText(deposit, 'en', enAdmin.office.payments.kinds.deposit)).toBe('Deposit')
    expect(paymentCoverText(deposit, 'ar', arAdmin.office.payments.kinds.deposit)).toBe('تأمين')
    const year = {
      kind: 'rent' as const,
      monthCovered: '2026-12',
      monthsCovered: monthRange('2026-12', '2027-11'),
    }
    expect(paymentCoverText(year, 'en', 'Deposit')).toBe('December 2026 – November 2027')
    expect(paymentCoverText({ monthCovered: '2026-12' }, 'en', 'Deposit')).toBe('December 2026')
  })

  it('has a receipt once completed, and keeps it when refunded', () => {
    const paid = '2026-11-28T09:00:00.000Z'
    expect(hasReceipt({ paymentStatus: 'completed', paymentDate: paid })).toBe(true)
    expect(hasReceipt({ paymentStatus: 'refunded', paymentDate: paid })).toBe(true)
    expect(hasReceipt({ paymentStatus: 'pending', paymentDate: null })).toBe(false)
    expect(hasReceipt({ paymentStatus: 'failed', paymentDate: null })).toBe(false)
  })

  it('has none when refunded as it was recorded (a month already paid)', () => {
    expect(hasReceipt({ paymentStatus: 'refunded', paymentDate: null })).toBe(false)
  })

  it('keeps its receipt, marked voided, when the administrator voided a recorded payment', () => {
    expect(hasReceipt({ paymentStatus: 'voided', paymentDate: '2026-11-28T21:00:00.000Z' })).toBe(
      true
    )
  })
})

describe('months in the UI language', () => {
  it('writes one month, or the first and last of months in a row', () => {
    expect(formatMonthSpan(['2026-12'], 'en')).toBe('December 2026')
    expect(formatMonthSpan(['2027-02', '2026-12', '2027-01'], 'en')).toBe(
      'December 2026 – February 2027'
    )
    expect(formatMonthSpan([], 'en')).toBe('')
  })

  it('lists months with a gap', () => {
    expect(formatMonthSpan(['2026-12', '2027-02'], 'en')).toBe('December 2026, February 2027')
  })

  it('uses Arabic month names and digits, Gregorian, in Arabic', () => {
    const span = formatMonthSpan(['2026-12', '2027-01', '2027-02'], 'ar')
    expect(span).toContain('ديسمبر')
    expect(span).toContain('فبراير')
    expect(span).toContain('٢٠٢٧')
    expect(span).not.toMatch(/[0-9]/)
  })
})

describe('the payment page’s address', () => {
  it('reads a room, a month, a plan or the deposit', () => {
    expect(paymentPreset(new URLSearchParams('roomId=7&month=2026-12'))).toEqual({
      roomId: '7',
      month: '2026-12',
      plan: '1',
    })
    expect(paymentPreset(new URLSearchParams('roomId=7&plan=12')).plan).toBe('12')
    expect(paymentPreset(new URLSearchParams('roomId=7&kind=deposit')).plan).toBe('deposit')
  })

  it('ignores what it does not know', () => {
    expect(paymentPreset(new URLSearchParams('roomId=x&month=2026-13&plan=5'))).toEqual({
      roomId: null,
      month: null,
      plan: '1',
    })
  })

  it('is written by the ledger’s Pay buttons', () => {
    expect(payPath(7, { month: '2026-12' })).toBe('/payment?roomId=7&month=2026-12')
    expect(payPath(7, 'deposit')).toBe('/payment?roomId=7&kind=deposit')
    expect(ledgerPayPath(7, '2026-11')).toBe('/payment?roomId=7&month=2026-11')
    // An earlier month, in arrears, is paid on its own too.
    expect(ledgerPayPath(7, '2026-10')).toBe('/payment?roomId=7&month=2026-10')
  })
})

describe('the card form pays the server’s quote with its claim (issue 39)', () => {
  const base = {
    userId: 42,
    description: 'Rent',
    gateway: { publishableKey: 'pk_test_sandbox', baseUrl: 'http://127.0.0.1:4010' },
    origin: 'http://127.0.0.1:3000',
    language: 'en' as const,
  }
  const claim = 'v1.3.42.7.rent.2026-11+1.145050.1796000000.c2lnbmF0dXJl'
  const quote = (quoted: Omit<QuotedClaim, 'roomId' | 'claim'>): QuotedClaim => ({
    roomId: 7,
    claim,
    ...quoted,
  })
  /** The form's metadata for room 7 and user 42, with what the payment is for. */
  const metadataFor = (paysFor: Record<string, string>) => ({
    roomId: 7,
    userId: 42,
    claim,
    ...paysFor,
  })
  /** The payment recorded from the gateway's answer, with what it is for. */
  const recordOf = (paysFor: object, amount: number, reference: string, status: string) => ({
    roomId: 7,
    claim,
    amount,
    paymentMethod: 'creditCard',
    ...paysFor,
    paymentReference: reference,
    paymentStatus: status,
  })

  it('charges the quote’s amount and carries its claim for one month', () => {
    const settings = cardFormSettings({
      ...base,
      quote: quote({ kind: 'rent', monthsCovered: ['2026-11'], amount: 1450.5 }),
    })
    expect(settings.amount).toBe(145050)
    expect(settings.metadata).toEqual(metadataFor({ monthCovered: '2026-11' }))
    expect(paymentRecord(settings, { id: 'pay_1', status: 'paid', amount: 145050 })).toEqual(
      recordOf({ monthCovered: '2026-11' }, 1450.5, 'pay_1', 'paid')
    )
  })

  it('names 3 or 12 months as a comma list', () => {
    const settings = cardFormSettings({
      ...base,
      quote: quote({
        kind: 'rent',
        monthsCovered: ['2026-12', '2027-01', '2027-02'],
        amount: 4275,
      }),
    })
    expect(settings.amount).toBe(427500)
    expect(settings.metadata).toMatchObject({ monthsCovered: '2026-12,2027-01,2027-02' })
    expect(settings.metadata).not.toHaveProperty('monthCovered')
    expect(paymentRecord(settings, { id: 'pay_2', status: 'initiated', amount: 427500 })).toEqual(
      recordOf({ monthsCovered: ['2026-12', '2027-01', '2027-02'] }, 4275, 'pay_2', 'initiated')
    )
    const year = cardFormSettings({
      ...base,
      quote: quote({
        kind: 'rent',
        monthsCovered: monthRange('2026-12', '2027-11'),
        amount: 15660,
      }),
    })
    expect(year.metadata).toMatchObject({
      monthsCovered: monthRange('2026-12', '2027-11').join(','),
    })
  })

  it('names the deposit and no month', () => {
    const settings = cardFormSettings({
      ...base,
      quote: quote({ kind: 'deposit', monthsCovered: [], amount: 1450 }),
    })
    expect(settings.amount).toBe(145000)
    expect(settings.metadata).toEqual(metadataFor({ kind: 'deposit' }))
    expect(paymentRecord(settings, { id: 'pay_3', status: 'paid', amount: 145000 })).toEqual(
      recordOf({ kind: 'deposit' }, 1450, 'pay_3', 'paid')
    )
  })
})

describe('what the payment page says about paying late (issue 41)', () => {
  /** `account`'s text at `key`, its placeholders filled as given (numbers as written). */
  const reader =
    (file: typeof enAccount) =>
    (key: string, values: Record<string, unknown>): string => {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file)
      return String(text).replace(/\{\{\s*(\w+)(?:,\s*\w+)?\s*\}\}/g, (_, name: string) =>
        String(values[name])
      )
    }
  const en = reader(enAccount)

  it('names no late fee when none is configured', () => {
    const said = lateRentFact({ graceDays: 5, lateFee: null }, 'en', en)
    expect(said).toBe("Each month's rent can be paid until day 5 without being late.")
    expect(said).not.toMatch(/late fee/i)
    expect(lateRentFact({ graceDays: 5, lateFee: null }, 'ar', reader(arAccount))).not.toMatch(
      /رسوم/
    )
  })

  it('names the grace days and the fee from the configuration when one is charged', () => {
    const amount = lateRentFact({ graceDays: 3, lateFee: { amount: 50 } }, 'en', en)!
    expect(amount).toMatch(/^Each month's rent can be paid until day 3 without being late; /)
    expect(amount.replace(/\u00a0/g, ' ')).toContain('a late fee of SAR 50 is added.')
    expect(lateRentFact({ graceDays: 7, lateFee: { percent: 5 } }, 'en', en)).toBe(
      "Each month's rent can be paid until day 7 without being late; after that, a late fee of 5% of the month's rent is added."
    )
    expect(
      lateRentFact({ graceDays: 5, lateFee: { amount: 50 } }, 'ar', reader(arAccount))
    ).toMatch(/رسوم تأخير \(.*٥٠.*\)/)
  })

  it('says nothing when there is no grace at all', () => {
    expect(lateRentFact({ graceDays: 0, lateFee: { amount: 50 } }, 'en', en)).toBeNull()
  })

  it('promises only the discounts configured, and labels a plan "at a discount" only then', () => {
    const terms = (quarterly: number, annual: number) => ({
      discountPercent: { quarterly, annual },
    })
    expect(discountFact(terms(5, 10), en)).toBe(
      'Paying quarterly takes 5% off the rent, and paying annually 10%.'
    )
    expect(discountFact(terms(0, 10), en)).toBe('Paying annually takes 10% off the rent.')
    expect(discountFact(terms(5, 0), en)).toBe('Paying quarterly takes 5% off the rent.')
    expect(discountFact(terms(0, 0), en)).toBeNull()
    expect(discountFact(terms(5, 10), reader(arAccount))).toMatch(/الربعي.*5٪.*السنوي.*10٪/)
    expect([3, 12].map((months) => aheadDiscounted(terms(5, 0), months))).toEqual([true, false])
    expect([3, 12].map((months) => aheadDiscounted(terms(0, 10), months))).toEqual([false, true])
  })
})
