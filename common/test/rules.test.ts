import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  fromHalalas,
  isMonthKey,
  monthsOffered,
  occupancyRate,
  remainingBadge,
  riyadhMonthRange,
  riyadhToday,
  toHalalas,
} from '../src/rules.js'

describe('remainingBadge', () => {
  it('is hidden at or below 70 % occupancy', () => {
    assert.equal(remainingBadge(0), null)
    assert.equal(remainingBadge(50), null)
    assert.equal(remainingBadge(70), null)
  })
  it('counts max(1, floor(5 × (1 − rate/100))) above 70 %', () => {
    assert.equal(remainingBadge(71), 1)
    assert.equal(remainingBadge(75), 1)
    assert.equal(remainingBadge(79), 1)
    assert.equal(remainingBadge(80), 1)
    assert.equal(remainingBadge(95), 1)
    assert.equal(remainingBadge(100), 1)
  })
  it('never shows fewer than one place', () => {
    for (let rate = 71; rate <= 100; rate++) assert.ok((remainingBadge(rate) ?? 0) >= 1)
  })
})

describe('occupancyRate', () => {
  it('is 0 with no rooms', () => assert.equal(occupancyRate(0, 0), 0))
  it('rounds to a whole percent', () => {
    assert.equal(occupancyRate(1, 3), 33)
    assert.equal(occupancyRate(2, 3), 67)
    assert.equal(occupancyRate(5, 5), 100)
  })
})

describe('halalas', () => {
  it('converts both ways without float noise', () => {
    assert.equal(toHalalas(1850), 185000)
    assert.equal(toHalalas(19.99), 1999)
    assert.equal(fromHalalas(185000), 1850)
  })
})

describe('Riyadh calendar', () => {
  it('takes the date in UTC+3', () => {
    assert.equal(riyadhToday(new Date('2026-11-30T20:59:00Z')), '2026-11-30')
    assert.equal(riyadhToday(new Date('2026-11-30T21:00:00Z')), '2026-12-01')
  })
  it('gives the month range in UTC', () => {
    const { start, end } = riyadhMonthRange(new Date('2026-11-15T12:00:00Z'))
    assert.equal(start.toISOString(), '2026-10-31T21:00:00.000Z')
    assert.equal(end.toISOString(), '2026-11-30T21:00:00.000Z')
  })
  it('offers twelve months from the current one, across the year end', () => {
    const months = monthsOffered(12, new Date('2026-11-22T09:00:00Z'))
    assert.equal(months.length, 12)
    assert.equal(months[0], '2026-11')
    assert.equal(months[2], '2027-01')
    assert.equal(months[11], '2027-10')
  })
  it('recognises rent months', () => {
    assert.ok(isMonthKey('2026-01'))
    assert.ok(!isMonthKey('2026-13'))
    assert.ok(!isMonthKey('2026-1'))
  })
})
