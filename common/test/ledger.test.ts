import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  addDays,
  addMonths,
  areConsecutive,
  DEFAULT_RENT_TERMS,
  isEjarContractNumber,
  monthCharge,
  monthRange,
  rentOffers,
  priceClaim,
  stayMonths,
  depositStateOf,
  encodeClaim,
  parseClaim,
  moveInRefusal,
  endDateRefusal,
  staysOverlap,
  monthIndex,
  type PayableStay,
  prepayQuote,
  ledgerSummary,
  overdueIfDueBy,
  rentLedger,
  rentPromise,
  type LedgerMonth,
  type LedgerPayment,
  type LedgerTenancy,
  type RentTerms,
} from '../src/ledger.js'

const RENT = 300_000 // 3,000 SAR in halalas
const tenancy = (startDate: string, endDate: string | null = null): LedgerTenancy => ({
  startDate,
  endDate,
  monthlyRent: RENT,
})
const paid = (id: number, ...months: string[]): LedgerPayment => ({
  id,
  status: 'completed',
  months,
})
/** Noon in Riyadh (09:00 UTC) on a calendar day. */
const riyadhNoon = (date: string) => new Date(`${date}T09:00:00Z`)
const states = (ledger: { months: { month: string; state: string }[] }) =>
  Object.fromEntries(ledger.months.map((entry) => [entry.month, entry.state]))
/** The ledger's entry at `index`, which the test expects to be there. */
const entryAt = <Id>(ledger: { months: LedgerMonth<Id>[] }, index: number): LedgerMonth<Id> => {
  const entry = ledger.months[index]
  assert.ok(entry, `no month at ${index}`)
  return entry
}
/** The ledger at noon in Riyadh on `day`, on the default rent terms. */
const ledgerOn = (day: string, stay: LedgerTenancy, payments: LedgerPayment[] = []) =>
  rentLedger(stay, payments, DEFAULT_RENT_TERMS, riyadhNoon(day))
const withFee = (lateFee: RentTerms['lateFee']): RentTerms => ({ ...DEFAULT_RENT_TERMS, lateFee })

describe('month arithmetic', () => {
  it('moves across years both ways', () => {
    assert.equal(addMonths('2026-11', 2), '2027-01')
    assert.equal(addMonths('2026-01', -1), '2025-12')
    assert.equal(addMonths('2026-05', 12), '2027-05')
  })
  it('lists a range with both ends, and nothing when it is reversed', () => {
    assert.deepEqual(monthRange('2026-11', '2027-02'), ['2026-11', '2026-12', '2027-01', '2027-02'])
    assert.deepEqual(monthRange('2026-03', '2026-02'), [])
  })
  it('adds days over month and leap-year ends', () => {
    assert.equal(addDays('2026-01-28', 4), '2026-02-01')
    assert.equal(addDays('2028-02-28', 1), '2028-02-29')
  })
  it('knows consecutive months', () => {
    assert.ok(areConsecutive(['2026-12', '2027-01', '2027-02']))
    assert.ok(!areConsecutive(['2026-12', '2027-02']))
  })
})

describe('rentLedger', () => {
  it('is due from the 1st through the 5th and overdue from the 6th', () => {
    const stay = tenancy('2026-09-01')
    const payments = [paid(1, '2026-09'), paid(2, '2026-10')]
    assert.equal(states(ledgerOn('2026-11-01', stay, payments))['2026-11'], 'due')
    assert.equal(states(ledgerOn('2026-11-05', stay, payments))['2026-11'], 'due')
    assert.equal(states(ledgerOn('2026-11-06', stay, payments))['2026-11'], 'overdue')
  })

  it('lists every month from the move-in month to the current one, paid or not', () => {
    const ledger = ledgerOn('2026-11-03', tenancy('2026-08-01'), [
      paid(7, '2026-08'),
      paid(8, '2026-10'),
    ])
    assert.deepEqual(states(ledger), {
      '2026-08': 'paid',
      '2026-09': 'overdue',
      '2026-10': 'paid',
      '2026-11': 'due',
    })
    assert.equal(entryAt(ledger, 0).paymentId, 7)
    assert.equal(entryAt(ledger, 1).paymentId, null)
    /* No late fee is configured: none is charged or counted. */
    assert.equal(entryAt(ledger, 1).lateFee, 0)
    assert.equal(ledger.balance, 2 * RENT)
  })

  it('charges the configured late fee on overdue months only, as an amount or a percentage', () => {
    const stay = tenancy('2026-10-01')
    const today = riyadhNoon('2026-11-02')
    const flat = rentLedger(stay, [], withFee({ kind: 'amount', halalas: 10_000 }), today)
    assert.deepEqual(
      flat.months.map(({ state, lateFee }) => [state, lateFee]),
      [
        ['overdue', 10_000],
        ['due', 0],
      ]
    )
    assert.equal(flat.balance, 2 * RENT + 10_000)
    const percent = rentLedger(stay, [], withFee({ kind: 'percent', percent: 5 }), today)
    assert.equal(entryAt(percent, 0).lateFee, 15_000)
  })

  it('counts a month paid late as paid, without a late fee', () => {
    const stay = tenancy('2026-10-01')
    const ledger = rentLedger(
      stay,
      [paid(3, '2026-10')],
      withFee({ kind: 'amount', halalas: 10_000 }),
      riyadhNoon('2026-11-20')
    )
    assert.deepEqual(states(ledger), { '2026-10': 'paid', '2026-11': 'overdue' })
    assert.equal(entryAt(ledger, 0).lateFee, 0)
    assert.equal(ledger.balance, RENT + 10_000)
  })

  it('does not count a refunded or failed payment', () => {
    const payments: LedgerPayment[] = [
      { id: 1, status: 'refunded', months: ['2026-11'] },
      { id: 2, status: 'failed', months: ['2026-11'] },
      { id: 3, status: 'pending', months: ['2026-11'] },
    ]
    const ledger = ledgerOn('2026-11-03', tenancy('2026-11-01'), payments)
    assert.deepEqual(states(ledger), { '2026-11': 'due' })
    assert.equal(entryAt(ledger, 0).paymentId, null)
  })

  it('names the first completed payment when a month was paid twice', () => {
    const ledger = ledgerOn('2026-11-03', tenancy('2026-11-01'), [
      paid(4, '2026-11'),
      paid(5, '2026-11'),
    ])
    assert.equal(entryAt(ledger, 0).paymentId, 4)
  })

  it('shows months paid ahead after the current one', () => {
    const ledger = ledgerOn('2026-11-10', tenancy('2026-11-01'), [
      paid(9, '2026-11', '2026-12', '2027-01'),
    ])
    assert.deepEqual(states(ledger), { '2026-11': 'paid', '2026-12': 'paid', '2027-01': 'paid' })
    assert.equal(ledger.balance, 0)
  })

  it('makes a mid-month move-in due on the move-in day, in full by default', () => {
    const stay = tenancy('2026-11-16')
    const before = ledgerOn('2026-11-10', stay)
    assert.deepEqual(before.months, [
      {
        month: '2026-11',
        state: 'upcoming',
        amount: RENT,
        lateFee: 0,
        paymentId: null,
        dueDate: '2026-11-16',
      },
    ])
    assert.equal(before.balance, 0)
    assert.equal(states(ledgerOn('2026-11-20', stay))['2026-11'], 'due')
    assert.equal(states(ledgerOn('2026-11-21', stay))['2026-11'], 'overdue')
  })

  it('prorates a partial first month by its days when configured', () => {
    const prorated: RentTerms = { ...DEFAULT_RENT_TERMS, partialMonth: 'prorated' }
    /* 15 of November's 30 days. */
    assert.equal(monthCharge(tenancy('2026-11-16'), '2026-11', prorated), RENT / 2)
    assert.equal(monthCharge(tenancy('2026-11-16'), '2026-12', prorated), RENT)
    assert.equal(monthCharge(tenancy('2026-11-16'), '2026-11', DEFAULT_RENT_TERMS), RENT)
    /* 1 day of February 2027's 28. */
    assert.equal(monthCharge(tenancy('2027-02-28'), '2027-02', prorated), Math.round(RENT / 28))
  })

  it('shows a stay that has not begun as its first month upcoming', () => {
    const ledger = ledgerOn('2026-11-27', tenancy('2027-01-01'))
    assert.deepEqual(states(ledger), { '2027-01': 'upcoming' })
    assert.equal(ledger.balance, 0)
  })

  it('stops an ended stay at its end month, prorating that month when configured', () => {
    const stay = tenancy('2026-08-01', '2026-10-10')
    const ledger = ledgerOn('2026-12-15', stay, [paid(1, '2026-08')])
    assert.deepEqual(states(ledger), {
      '2026-08': 'paid',
      '2026-09': 'overdue',
      '2026-10': 'overdue',
    })
    assert.equal(ledger.balance, 2 * RENT)
    const prorated: RentTerms = { ...DEFAULT_RENT_TERMS, partialMonth: 'prorated' }
    assert.equal(monthCharge(stay, '2026-10', prorated), Math.round((RENT * 10) / 31))
  })

  it('reads the month in Riyadh, not in UTC, at the boundary', () => {
    const stay = tenancy('2026-11-01')
    const payments = [paid(1, '2026-11')]
    /* 30 November 20:59 UTC is 23:59 in Riyadh: still November. */
    assert.deepEqual(
      states(rentLedger(stay, payments, DEFAULT_RENT_TERMS, new Date('2026-11-30T20:59:00Z'))),
      {
        '2026-11': 'paid',
      }
    )
    /* 30 November 21:00 UTC is midnight on 1 December in Riyadh: December is due. */
    assert.deepEqual(
      states(rentLedger(stay, payments, DEFAULT_RENT_TERMS, new Date('2026-11-30T21:00:00Z'))),
      {
        '2026-11': 'paid',
        '2026-12': 'due',
      }
    )
    /* The 5th ends at 21:00 UTC on the 5th; from then the month is overdue. */
    const grace = (instant: string) =>
      states(rentLedger(stay, payments, DEFAULT_RENT_TERMS, new Date(instant)))['2026-12']
    assert.equal(grace('2026-12-05T20:59:00Z'), 'due')
    assert.equal(grace('2026-12-05T21:00:00Z'), 'overdue')
  })
})

/** The plan of `count` offered to a stay with these payments, on a day inside its first month. */
const planOf = (
  stay: LedgerTenancy,
  payments: LedgerPayment[],
  count: 3 | 12,
  day = '2026-09-02'
) =>
  rentOffers(
    { stay, payments, deposit: { amount: RENT, paid: RENT } },
    DEFAULT_RENT_TERMS,
    riyadhNoon(day)
  ).plans[count]

describe('rentOffers: plans', () => {
  it('starts at the earliest unpaid month', () => {
    const stay = tenancy('2026-09-01')
    assert.deepEqual(planOf(stay, [paid(1, '2026-09')], 3), ['2026-10', '2026-11', '2026-12'])
    assert.equal(planOf(stay, [paid(1, '2026-09', '2026-10')], 12), null)
    assert.deepEqual(
      planOf(stay, [paid(1, '2026-09', '2026-10')], 12, '2026-10-02')?.at(-1),
      '2027-10'
    )
  })
  it('offers nothing when a month in the run is already paid', () => {
    const stay = tenancy('2026-09-01')
    assert.equal(planOf(stay, [paid(1, '2026-09'), paid(2, '2026-11')], 3), null)
  })
  it('offers nothing that runs past the end of a stay', () => {
    assert.equal(planOf(tenancy('2026-09-01', '2026-10-31'), [], 3), null)
    assert.deepEqual(planOf(tenancy('2026-09-01', '2026-11-30'), [], 3), [
      '2026-09',
      '2026-10',
      '2026-11',
    ])
  })
  it('ignores refunded payments', () => {
    const refunded: LedgerPayment = { id: 1, status: 'refunded', months: ['2026-09'] }
    assert.deepEqual(planOf(tenancy('2026-09-01'), [refunded], 3), [
      '2026-09',
      '2026-10',
      '2026-11',
    ])
  })
  it('starts with an overdue month, never skipping it (issue 39)', () => {
    const stay = tenancy('2026-11-01')
    // November overdue, December paid: no run of three from November, and none from January.
    assert.equal(planOf(stay, [paid(1, '2026-12')], 3, '2026-12-10'), null)
    const offers = rentOffers(
      { stay, payments: [paid(1, '2026-12')], deposit: { amount: RENT, paid: 0 } },
      DEFAULT_RENT_TERMS,
      riyadhNoon('2026-12-10')
    )
    assert.equal(offers.earliestUnpaid, '2026-11')
    assert.equal(offers.months[0], '2026-11')
    assert.ok(!offers.months.includes('2026-12'))
    assert.equal(offers.deposit, true)
  })
})

describe('the bounds of time (issue 39)', () => {
  const payable = (stay: LedgerTenancy, payments: LedgerPayment[] = []): PayableStay => ({
    stay,
    payments,
    deposit: { amount: RENT, paid: 0 },
  })
  const refusal = (stay: LedgerTenancy, months: string[], day = '2026-12-01') => {
    const priced = priceClaim(
      payable(stay),
      { kind: 'rent', months },
      DEFAULT_RENT_TERMS,
      riyadhNoon(day)
    )
    return 'refusal' in priced ? priced.refusal : null
  }
  it('refuses months outside the stay and far ahead', () => {
    const stay = tenancy('2026-11-15')
    assert.equal(refusal(stay, ['2026-10']), 'outside_stay')
    assert.equal(refusal(stay, ['9999-10', '9999-11', '9999-12']), 'outside_stay')
    assert.equal(refusal(stay, ['2099-01', '2099-02', '2099-03']), 'outside_stay')
    assert.equal(refusal(stay, ['10000-01']), 'outside_stay')
    assert.equal(refusal(stay, ['2028-01']), 'outside_stay')
    assert.equal(refusal(stay, ['2027-12']), null)
    assert.equal(refusal(tenancy('2026-11-15', '2027-01-31'), ['2027-02']), 'outside_stay')
    assert.equal(refusal(tenancy('2026-11-15', '2027-01-31'), ['2026-11']), null)
  })
  it('refuses a month already paid, and one month or a plan not in a row', () => {
    const stay = tenancy('2026-11-01')
    const priced = priceClaim(
      payable(stay, [paid(1, '2026-11')]),
      { kind: 'rent', months: ['2026-11'] },
      DEFAULT_RENT_TERMS,
      riyadhNoon('2026-12-01')
    )
    assert.deepEqual(priced, { refusal: 'already_paid' })
    assert.equal(refusal(stay, ['2026-12', '2027-02', '2027-03']), 'not_in_a_row')
    assert.equal(refusal(stay, ['2026-12', '2027-01']), 'plan_size')
  })
  it('bounds a ledger whatever its rows say', () => {
    const poisoned = tenancy('2026-01-01', '9999-12-31')
    const ledger = ledgerOn('2026-12-10', poisoned, [paid(1, '9999-10', '9999-11', '9999-12')])
    assert.equal(ledger.months.length, 12)
    const far = ledgerOn('2026-12-10', tenancy('2026-01-01'), [paid(2, '2099-01', '2099-02')])
    assert.equal(far.months.length, 12)
    assert.deepEqual(ledgerOn('2026-12-10', tenancy('9999-12-31')).months, [])
    assert.ok(
      stayMonths(tenancy('2026-01-01', '2199-12-31'), riyadhNoon('2026-12-01'))!.last <=
        monthIndex('2027-12')!
    )
  })
  it('takes move-in dates up to 12 months ahead and end dates up to 5 years after the move-in', () => {
    const now = riyadhNoon('2026-12-01')
    assert.equal(moveInRefusal('2027-12-01', now), null)
    assert.equal(moveInRefusal('2027-12-02', now), 'too_far')
    assert.equal(moveInRefusal('9999-12-31', now), 'invalid')
    assert.equal(moveInRefusal('2026-11-30', now), 'past')
    assert.equal(moveInRefusal('2027-02-29', now), 'invalid')
    assert.equal(endDateRefusal('2026-12-01', '2031-12-01'), null)
    assert.equal(endDateRefusal('2026-12-01', '2031-12-02'), 'too_far')
    assert.equal(endDateRefusal('2026-12-01', '2026-11-30'), 'before_start')
    assert.equal(endDateRefusal('2026-12-01', '9999-12-31'), 'invalid')
  })
  it('knows when two stays of a room share a day', () => {
    assert.ok(staysOverlap(tenancy('2026-01-01', '2027-01-31'), tenancy('2027-01-31')))
    assert.ok(!staysOverlap(tenancy('2026-01-01', '2027-01-31'), tenancy('2027-02-01')))
    assert.ok(staysOverlap(tenancy('2026-01-01'), tenancy('2030-01-01')))
    assert.ok(staysOverlap(tenancy('2027-03-01'), tenancy('2026-01-01', '2027-03-01')))
  })
})

describe('the deposit and the claim', () => {
  it('derives the deposit state from what was paid and returned', () => {
    assert.equal(depositStateOf(0, 0), 'due')
    assert.equal(depositStateOf(RENT, 0), 'held')
    assert.equal(depositStateOf(RENT, 100), 'partly_returned')
    assert.equal(depositStateOf(RENT, RENT), 'returned')
  })
  it('reads back the claim it wrote, and nothing else', () => {
    const claim = {
      tenancyId: 7,
      userId: 3,
      roomId: 12,
      kind: 'rent' as const,
      months: ['2026-12', '2027-01', '2027-02'],
      amount: 855_000,
      expires: 1_800_000_000,
    }
    assert.deepEqual(parseClaim(encodeClaim(claim)), claim)
    const deposit = { ...claim, kind: 'deposit' as const, months: [] }
    assert.deepEqual(parseClaim(encodeClaim(deposit)), deposit)
    for (const bad of [
      '',
      'v1.7.3.12.rent.2026-12+2.855000.1800000000',
      'v1.7.3.12.rent.9999-12+3.855000.1800000000',
      'v1.0.3.12.rent.2026-12+3.855000.1800000000',
      'v2.7.3.12.rent.2026-12+3.855000.1800000000',
      'v1.7.3.12.rent.2026-12+3.true.1800000000',
      42,
    ]) {
      assert.equal(parseClaim(bad), null, String(bad))
    }
  })
})

describe('prepayQuote', () => {
  it('takes the quarterly and annual discounts off the months’ rent', () => {
    assert.deepEqual(prepayQuote([RENT, RENT, RENT]), {
      gross: 900_000,
      discountPercent: 5,
      discount: 45_000,
      amount: 855_000,
    })
    const year = prepayQuote(Array.from({ length: 12 }, () => RENT))
    assert.equal(year.discountPercent, 10)
    assert.equal(year.amount, 3_240_000)
  })
  it('gives no discount for one month', () => {
    assert.deepEqual(prepayQuote([RENT]), {
      gross: RENT,
      discountPercent: 0,
      discount: 0,
      amount: RENT,
    })
  })
  it('rounds the discount to the halala', () => {
    assert.equal(prepayQuote([100_001, 100_001, 100_001]).discount, 15_000)
  })
})

describe('isEjarContractNumber', () => {
  it('takes exactly ten digits', () => {
    assert.ok(isEjarContractNumber('1234567890'))
    assert.ok(!isEjarContractNumber('123456789'))
    assert.ok(!isEjarContractNumber('12345678901'))
    assert.ok(!isEjarContractNumber('12345abcde'))
    assert.ok(!isEjarContractNumber('١٢٣٤٥٦٧٨٩٠'))
  })
})

describe('rentPromise: what the pages may say about paying rent (issue 41)', () => {
  it('has no late fee under the default terms (none configured), and their discounts', () => {
    assert.deepEqual(rentPromise(DEFAULT_RENT_TERMS), {
      graceDays: 5,
      lateFee: null,
      discountPercent: { quarterly: 5, annual: 10 },
    })
  })
  it('gives a configured amount in SAR, a percentage as such, and zero as none', () => {
    const terms = (lateFee: RentTerms['lateFee']) => ({
      ...DEFAULT_RENT_TERMS,
      graceDays: 3,
      lateFee,
    })
    assert.deepEqual(rentPromise(terms({ kind: 'amount', halalas: 5_050 })), {
      graceDays: 3,
      lateFee: { amount: 50.5 },
      discountPercent: { quarterly: 5, annual: 10 },
    })
    assert.deepEqual(rentPromise(terms({ kind: 'percent', percent: 5 })).lateFee, { percent: 5 })
    assert.equal(rentPromise(terms({ kind: 'percent', percent: 0 })).lateFee, null)
  })
  it('gives the configured discounts, and none (0) for zero or less', () => {
    const discounts = (quarter: number, year: number) =>
      rentPromise({ ...DEFAULT_RENT_TERMS, prepayDiscountPercent: { 3: quarter, 12: year } })
        .discountPercent
    assert.deepEqual(discounts(7.5, 15), { quarterly: 7.5, annual: 15 })
    assert.deepEqual(discounts(0, 10), { quarterly: 0, annual: 10 })
    assert.deepEqual(discounts(0, 0), { quarterly: 0, annual: 0 })
    assert.deepEqual(discounts(-5, Number.NaN), { quarterly: 0, annual: 0 })
  })
})

describe('ledgerSummary', () => {
  /* A small generator of its own, seeded: the same cases every run. */
  let seed = 7
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!
  const terms = { ...DEFAULT_RENT_TERMS, lateFee: { kind: 'amount', halalas: 5_000 } } as const

  it('its figures hold until the day it names, and its first unpaid month says when one is overdue', () => {
    for (let run = 0; run < 300; run++) {
      const start = addDays('2026-01-01', Math.floor(random() * 400))
      const end = random() < 0.4 ? addDays(start, Math.floor(random() * 500)) : null
      const stay = tenancy(start, end)
      const months = monthRange(start.slice(0, 7), addMonths(start.slice(0, 7), 20))
      const payments = months.filter(() => random() < 0.5).map((month, at) => paid(at + 1, month))
      const today = addDays(start, Math.floor(random() * 600) - 60)
      const read = (day: string) => rentLedger(stay, payments, terms, riyadhNoon(day))
      const summary = ledgerSummary(stay, read(today), terms, riyadhNoon(today))
      assert.ok(summary.changesOn > today)
      const overdueOn = (day: string) =>
        summary.firstUnpaidDue !== null &&
        summary.firstUnpaidDue <= overdueIfDueBy(terms, riyadhNoon(day))
      for (let day = today; day < summary.changesOn; day = addDays(day, 1))
        assert.equal(read(day).balance, read(today).balance, `${start}…${end} on ${day}`)
      for (const ahead of [0, 1, 5, 6, 30, pick([31, 45, 90, 200])]) {
        const day = addDays(today, ahead)
        const overdue = read(day).months.some((month) => month.state === 'overdue')
        assert.equal(overdueOn(day), overdue, `${start}…${end}, read ${today}, on ${day}`)
      }
    }
  })
})
