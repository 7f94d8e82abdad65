import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  DEFAULT_RENT_TERMS,
  rentLedger,
  type LedgerTenancy,
  type RentTerms,
} from '../src/ledger.js'
import { rentNoticesDue, retryDelayMs } from '../src/notifications.js'

const RENT = 300_000
const stay: LedgerTenancy = { startDate: '2026-10-01', endDate: null, monthlyRent: RENT }
const terms: RentTerms = { ...DEFAULT_RENT_TERMS, lateFee: { kind: 'amount', halalas: 5_000 } }
/* 09:00 in Riyadh on a calendar day. */
const at = (day: string) => new Date(`${day}T06:00:00Z`)
const due = (day: string, paid: string[] = []) => {
  const now = at(day)
  const payments = paid.length ? [{ id: 1, status: 'completed' as const, months: paid }] : []
  return rentNoticesDue(stay, rentLedger(stay, payments, terms, now), terms, now).map(
    (notice) => `${notice.kind} ${notice.month} ${notice.amount + notice.lateFee}`
  )
}

describe('rentNoticesDue', () => {
  it('reminds from 3 days before the 1st of an unpaid month, until the 1st', () => {
    assert.deepEqual(due('2026-11-27', ['2026-10', '2026-11']), [])
    for (const day of ['2026-11-28', '2026-11-29', '2026-11-30'])
      assert.deepEqual(due(day, ['2026-10', '2026-11']), [`rent_reminder 2026-12 ${RENT}`])
    assert.deepEqual(due('2026-11-28', ['2026-10', '2026-11', '2026-12']), [])
  })

  it('tells an overdue month from the day after its grace, with the late fee, for a week', () => {
    assert.deepEqual(due('2026-11-05', ['2026-10']), [])
    assert.deepEqual(due('2026-11-06', ['2026-10']), [`rent_overdue 2026-11 ${RENT + 5_000}`])
    assert.deepEqual(due('2026-11-12', ['2026-10']), [`rent_overdue 2026-11 ${RENT + 5_000}`])
    assert.deepEqual(due('2026-11-13', ['2026-10']), [])
  })

  it('says nothing about a month after the stay ends', () => {
    const ending: LedgerTenancy = { ...stay, endDate: '2026-11-30' }
    const now = at('2026-11-29')
    const ledger = rentLedger(
      ending,
      [{ id: 1, status: 'completed', months: ['2026-10', '2026-11'] }],
      terms,
      now
    )
    assert.deepEqual(rentNoticesDue(ending, ledger, terms, now), [])
  })
})

describe('retryDelayMs', () => {
  it('doubles from a minute up to an hour', () => {
    assert.deepEqual(
      [1, 2, 3, 7, 20].map(retryDelayMs),
      [60_000, 120_000, 240_000, 3_600_000, 3_600_000]
    )
  })
})
