import { DEFAULT_RENT_TERMS, toHalalas, type LateFee, type RentTerms } from '@sakan/common'
import env from '#start/env'

/** `50` (SAR) or `5%` (of the month's rent); unset or `0` for none. */
export function parseLateFee(value: string | undefined): LateFee {
  if (!value) return DEFAULT_RENT_TERMS.lateFee
  const match = /^(\d+(?:\.\d{1,2})?)(%?)$/.exec(value.trim())
  if (!match) throw new Error(`RENT_LATE_FEE must be an amount in SAR (50) or a percentage (5%)`)
  const figure = Number(match[1])
  return match[2]
    ? { kind: 'percent', percent: figure }
    : { kind: 'amount', halalas: toHalalas(figure) }
}

/** The terms every tenancy's ledger is read with (README: "Rent"). */
export const rentTerms: RentTerms = {
  graceDays: env.get('RENT_GRACE_DAYS') ?? DEFAULT_RENT_TERMS.graceDays,
  lateFee: parseLateFee(env.get('RENT_LATE_FEE')),
  partialMonth: env.get('RENT_PARTIAL_MONTH') ?? DEFAULT_RENT_TERMS.partialMonth,
  prepayDiscountPercent: {
    3: env.get('RENT_DISCOUNT_QUARTER_PERCENT') ?? DEFAULT_RENT_TERMS.prepayDiscountPercent[3],
    12: env.get('RENT_DISCOUNT_YEAR_PERCENT') ?? DEFAULT_RENT_TERMS.prepayDiscountPercent[12],
  },
}
