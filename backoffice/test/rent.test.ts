import { describe, expect, it } from 'vitest'
import { PAYMENT_MONTHS_OFFERED, addMonths, monthsOffered, type LedgerRow } from '@sakan/common'
import {
  arrearsMonths,
  formatMonthSpan,
  hasReceipt,
  ledgerPayPath,
  monthsOfPayment,
  payPath,
  paymentPreset,
  planMonths,
  planWindows,
  prepayCount,
  windowFrom,
} from '../src/lib/rent'
import { cardFormSettings, monthOptions, payableRooms, paymentRecord } from '../src/lib/payment'
import { applicationsIn } from './fixtures'

const row = (month: string, state: LedgerRow['state']) => ({ month, state })
const stay = { startDate: '2026-11-08', endDate: null }

describe('the months a plan pays (issue 26)', () => {
  it('starts at the earliest unpaid month of the stay', () => {
    const ledger = [row('2026-11', 'paid')]
    expect(planMonths(ledger, stay, 3)).toEqual(['2026-12', '2027-01', '2027-02'])
    expect(planMonths(ledger, stay, 12)).toHaveLength(12)
    expect(planMonths(ledger, stay, 12)?.at(-1)).toBe('2027-11')
  })

  it('includes an overdue month and months past the ledger’s last row', () => {
    const ledger = [row('2026-11', 'overdue'), row('2026-12', 'due')]
    expect(planMonths(ledger, stay, 3)).toEqual(['2026-11', '2026-12', '2027-01'])
  })

  it('moves past a month paid ahead in between', () => {
    const ledger = [
      row('2026-11', 'paid'),
      row('2026-12', 'due'),
      row('2027-01', 'upcoming'),
      row('2027-02', 'paid'),
    ]
    expect(planMonths(ledger, stay, 3)).toEqual(['2027-03', '2027-04', '2027-05'])
    expect(planMonths(ledger, stay, 1)).toEqual(['2026-12'])
  })

  it('stays within an ended stay', () => {
    const ended = { startDate: '2026-11-08', endDate: '2027-01-31' }
    expect(planMonths([row('2026-11', 'paid')], ended, 3)).toBeNull()
    expect(planMonths([], ended, 3)).toEqual(['2026-11', '2026-12', '2027-01'])
  })

  it('offers every later run of unpaid months too, from the next one', () => {
    const ledger = [row('2026-11', 'paid'), row('2027-01', 'paid')]
    const windows = planWindows(ledger, stay, 3, 6)
    expect(windows.map((months) => months[0])).toEqual(['2027-02', '2027-03', '2027-04', '2027-05'])
    expect(windows[0]).toEqual(planMonths(ledger, stay, 3))
    expect(windowFrom(windows, null)).toEqual(['2027-02', '2027-03', '2027-04'])
    expect(windowFrom(windows, '2027-04')?.[0]).toBe('2027-04')
    // A start no run begins at: the next run after it; past the last: the first.
    expect(windowFrom(planWindows([row('2027-05', 'paid')], stay, 3, 8), '2027-04')?.[0]).toBe(
      '2027-06'
    )
    expect(windowFrom(windows, '2030-01')?.[0]).toBe('2027-02')
    expect(windowFrom([], '2027-04')).toBeNull()
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
    const now = new Date('2026-11-28T09:00:00.000Z')
    expect(ledgerPayPath(7, '2026-11')).toBe('/payment?roomId=7&month=2026-11')
    // An earlier month, in arrears, is paid on its own too.
    expect(ledgerPayPath(7, '2026-10')).toBe('/payment?roomId=7&month=2026-10')
    expect(
      arrearsMonths(
        [row('2026-09', 'paid'), row('2026-10', 'overdue'), row('2026-11', 'overdue')],
        now
      )
    ).toEqual(['2026-10'])
  })

  it('offers the months in arrears before the twelve, and names them in the metadata', () => {
    const now = new Date('2026-11-28T09:00:00.000Z')
    const options = monthOptions(7, [], now, ['2026-10', '2026-09'])
    expect(options.slice(0, 3)).toEqual([
      { value: '2026-09', paid: false, arrears: true },
      { value: '2026-10', paid: false, arrears: true },
      { value: '2026-11', paid: false },
    ])
    expect(options).toHaveLength(14)
  })
})

describe('paying months ahead or the deposit (issue 26)', () => {
  const [room] = payableRooms([
    applicationsIn({ createdAt: '2026-11-01T09:00:00.000Z', moveInDate: '2026-12-01' }, (id) => ({
      id,
      roomNumber: '107',
      price: 1500,
      building: { id: 1, name: 'Olaya', name_en: 'Olaya', name_ar: 'العليا' },
    }))(1, 'approved', 7),
  ])
  const base = {
    room: room!,
    monthCovered: '2026-12',
    userId: 42,
    description: 'Rent',
    gateway: { publishableKey: 'pk_test_sandbox', baseUrl: 'http://127.0.0.1:4010' },
    origin: 'http://127.0.0.1:3000',
    language: 'en' as const,
  }

  it('charges the quote and names its months as a comma list', () => {
    const settings = cardFormSettings({
      ...base,
      quote: { kind: 'rent', monthsCovered: ['2026-12', '2027-01', '2027-02'], amount: 4275 },
    })
    expect(settings.amount).toBe(427500)
    expect(settings.metadata).toEqual({
      roomId: 7,
      userId: 42,
      monthsCovered: '2026-12,2027-01,2027-02',
    })
    expect(paymentRecord(settings, { id: 'pay_2', status: 'initiated', amount: 427500 })).toEqual({
      roomId: 7,
      amount: 4275,
      paymentMethod: 'creditCard',
      monthsCovered: ['2026-12', '2027-01', '2027-02'],
      paymentReference: 'pay_2',
      paymentStatus: 'initiated',
    })
  })

  it('names one offered month as monthCovered and a month in arrears in monthsCovered', () => {
    const [current] = monthsOffered(PAYMENT_MONTHS_OFFERED)
    const offered = cardFormSettings({
      ...base,
      quote: { kind: 'rent', monthsCovered: [current!], amount: 1450 },
    })
    expect(offered.amount).toBe(145000)
    expect(offered.metadata).toEqual({ roomId: 7, monthCovered: current, userId: 42 })
    const owed = addMonths(current!, -2)
    const arrears = cardFormSettings({
      ...base,
      quote: { kind: 'rent', monthsCovered: [owed], amount: 1450 },
    })
    expect(arrears.metadata).toEqual({ roomId: 7, userId: 42, monthsCovered: owed })
    expect(paymentRecord(arrears, { id: 'pay_4', status: 'paid', amount: 145000 })).toMatchObject({
      monthsCovered: [owed],
    })
  })

  it('names the deposit and no month', () => {
    const settings = cardFormSettings({
      ...base,
      quote: { kind: 'deposit', monthsCovered: [], amount: 1500 },
    })
    expect(settings.metadata).toEqual({ roomId: 7, userId: 42, kind: 'deposit' })
    expect(paymentRecord(settings, { id: 'pay_3', status: 'paid', amount: 150000 })).toEqual({
      roomId: 7,
      amount: 1500,
      paymentMethod: 'creditCard',
      kind: 'deposit',
      paymentReference: 'pay_3',
      paymentStatus: 'paid',
    })
  })

  it('marks every month a payment paid ahead as paid', () => {
    const now = new Date('2026-11-28T09:00:00.000Z')
    const paid = monthOptions(
      7,
      [
        {
          roomId: 7,
          monthCovered: '2027-01',
          monthsCovered: ['2027-01', '2027-02', '2027-03'],
          kind: 'rent',
          paymentStatus: 'completed',
        },
        {
          roomId: 7,
          monthCovered: '2026-11',
          monthsCovered: [],
          kind: 'deposit',
          paymentStatus: 'completed',
        },
      ],
      now
    )
      .filter((month) => month.paid)
      .map((month) => month.value)
    expect(paid).toEqual(['2027-01', '2027-02', '2027-03'])
  })
})
