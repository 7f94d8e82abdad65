/**
 * The back office's stays: the months a payment covers as one text, the checks of
 * the Ejar number, the end and the deposit's return before they are sent, and a tone and a
 * text in both languages for every state the API answers.
 */
import { describe, expect, it } from 'vitest'
import arAdmin from '@sakan/common/locales/ar/admin.json'
import enAdmin from '@sakan/common/locales/en/admin.json'
import { DEPOSIT_STATES, LEDGER_MONTH_STATES, TENANCY_STATES, monthRange } from '@sakan/common'
import {
  DEPOSIT_TONES,
  LEDGER_TONES,
  MAX_REASON_LENGTH,
  TENANCY_TONES,
  depositLeft,
  depositReturnOpen,
  ejarProblem,
  ejarValue,
  endDateProblem,
  formatMonths,
  latinDigits,
  reasonProblem,
  returnAmountProblem,
} from '../src/lib/tenancies'

describe('formatMonths', () => {
  it.each([
    ['one month', ['2027-01'], '2027-01', 'en', 'January 2027'],
    ['a quarter', ['2027-01', '2027-02', '2027-03'], '2027-01', 'en', 'January 2027 – March 2027'],
    [
      'a year across two',
      monthRange('2026-11', '2027-10'),
      '2026-11',
      'en',
      'November 2026 – October 2027',
    ],
    ['none named: the payment’s month', [], '2026-12', 'en', 'December 2026'],
  ] as const)('%s', (_name, months, fallback, lang, expected) => {
    expect(formatMonths(months, fallback, lang)).toBe(expected)
  })

  it('writes the range in Arabic with its own month names', () => {
    const range = formatMonths(['2027-01', '2027-02', '2027-03'], '2027-01', 'ar')
    expect(range).toContain(' – ')
    expect(range).toMatch(/يناير/)
    expect(range).toMatch(/مارس/)
  })
})

describe('the Ejar contract number', () => {
  it.each([
    ['1234567890', null],
    ['  1234567890 ', null],
    ['١٢٣٤٥٦٧٨٩٠', null],
    ['', null],
    ['123456789', 'ejarInvalid'],
    ['12345678901', 'ejarInvalid'],
    ['12345-7890', 'ejarInvalid'],
  ])('%j → %s', (input, problem) => {
    expect(ejarProblem(input)?.key ?? null).toBe(problem)
  })

  it('sends 10 Latin digits, or null to clear the number', () => {
    expect(ejarValue('١٢٣٤٥٦٧٨٩٠')).toBe('1234567890')
    expect(ejarValue('  ')).toBeNull()
  })
})

describe('ending a stay', () => {
  it('needs a date, not before the move-in, named as she reads it', () => {
    expect(endDateProblem('', '2027-01-10')).toEqual({ key: 'endDateRequired' })
    expect(endDateProblem('2027-01-10', '2027-01-10')).toBeNull()
    expect(endDateProblem('2027-03-31', '2027-01-10')).toBeNull()
    expect(endDateProblem('2027-01-09', '2027-01-10', (date) => `<${date}>`)).toEqual({
      key: 'endBeforeStart',
      values: { date: '<2027-01-10>' },
    })
  })

  it('needs a reason the API keeps whole', () => {
    expect(reasonProblem('  ')).toEqual({ key: 'reasonRequired' })
    expect(reasonProblem('Moved out early')).toBeNull()
    expect(reasonProblem('x'.repeat(MAX_REASON_LENGTH))).toBeNull()
    expect(reasonProblem('x'.repeat(MAX_REASON_LENGTH + 1))?.key).toBe('reasonTooLong')
  })
})

describe("the deposit's return", () => {
  it.each([
    ['2500', null],
    ['2500.00', null],
    ['1200.5', null],
    ['٢٥٠٠', null],
    ['١٢٠٠٫٥٠', null],
    ['0', 'amountInvalid'],
    ['-10', 'amountInvalid'],
    ['12.345', 'amountInvalid'],
    ['abc', 'amountInvalid'],
    ['', 'amountInvalid'],
    ['2500.01', 'amountAboveDeposit'],
  ])('%j of a 2,500 SAR deposit → %s', (input, problem) => {
    expect(returnAmountProblem(input, 2500)?.key ?? null).toBe(problem)
  })

  it('allows at most what is left of the deposit, over repeated partial returns (issue 39)', () => {
    const partly = { state: 'partly_returned' as const, paid: 2500, returnedAmount: 1000.5 }
    expect(depositLeft(partly)).toBe(1499.5)
    expect(depositReturnOpen(partly)).toBe(true)
    expect(returnAmountProblem('1499.50', depositLeft(partly))).toBeNull()
    expect(returnAmountProblem('1499.51', depositLeft(partly), (sar) => `SAR ${sar}`)).toEqual({
      key: 'amountAboveDeposit',
      values: { max: 'SAR 1499.5' },
    })
    const held = { state: 'held' as const, paid: 2500, returnedAmount: null }
    expect(depositLeft(held)).toBe(2500)
    expect(depositReturnOpen(held)).toBe(true)
    const returned = { state: 'returned' as const, paid: 2500, returnedAmount: 2500 }
    expect(depositLeft(returned)).toBe(0)
    expect(depositReturnOpen(returned)).toBe(false)
    expect(depositReturnOpen({ state: 'due', paid: 0, returnedAmount: null })).toBe(false)
  })

  it('reads the Arabic keyboard’s digits and decimal separator', () => {
    expect(latinDigits(' ١٢٠٠٫٥٠ ')).toBe('1200.50')
  })
})

describe('states in her language', () => {
  const files = [
    ['en', enAdmin],
    ['ar', arAdmin],
  ] as const
  const tenancies = (file: (typeof files)[number][1]) => file.office.tenancies

  it.each(files)(
    '%s: every state of a stay, a deposit and a month has a tone and a text',
    (_lang, file) => {
      for (const state of TENANCY_STATES) {
        expect(TENANCY_TONES[state]).toBeTruthy()
        expect(tenancies(file).states[state]).toEqual(expect.any(String))
      }
      for (const state of DEPOSIT_STATES) {
        expect(DEPOSIT_TONES[state]).toBeTruthy()
        expect(tenancies(file).depositStates[state]).toEqual(expect.any(String))
      }
      for (const state of LEDGER_MONTH_STATES) {
        expect(LEDGER_TONES[state]).toBeTruthy()
        expect(tenancies(file).ledger.states[state]).toEqual(expect.any(String))
      }
    }
  )

  it.each(files)('%s: every field problem the checks name has a text', (_lang, file) => {
    const problems = [
      ejarProblem('1'),
      endDateProblem('', '2027-01-01'),
      endDateProblem('2026-12-31', '2027-01-01'),
      reasonProblem(''),
      reasonProblem('x'.repeat(MAX_REASON_LENGTH + 1)),
      returnAmountProblem('0', 1),
      returnAmountProblem('2', 1),
    ]
    for (const problem of problems) {
      const key = problem!.key as keyof ReturnType<typeof tenancies>['form']
      expect(tenancies(file).form[key], key).toEqual(expect.any(String))
    }
  })
})
