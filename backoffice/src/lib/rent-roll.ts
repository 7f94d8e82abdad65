/**
 * The rent roll's page (`/admin/rent-roll`) as pure rules: its filters from the address (a
 * month up to this one in Riyadh, a building), the API's addresses for them, and its history
 * as the chart and its table read it.
 */
import {
  PAYMENT_METHODS,
  fromHalalas,
  intlLocale,
  isRentMonth,
  riyadhToday,
  toHalalas,
  type Locale,
  type PaymentMethod,
  type RentRoll,
} from '@sakan/common'

export interface RentRollFilters {
  /** `yyyy-MM`, never after this month. */
  month: string
  /** A building's id, or null for all. */
  buildingId: string | null
}

/** This month in Riyadh, `yyyy-MM`. */
export const currentMonth = (now: Date = new Date()) => riyadhToday(now).slice(0, 7)

/**
 * The filters the address names (`?month=yyyy-MM&buildingId=N`): a month after this one, or
 * not a month of ours, is this month; a building id that is not one is all buildings.
 */
export function rentRollFilters(params: URLSearchParams, now: Date = new Date()): RentRollFilters {
  const latest = currentMonth(now)
  const month = params.get('month') ?? ''
  const buildingId = params.get('buildingId') ?? ''
  return {
    month: isRentMonth(month) && month <= latest ? month : latest,
    buildingId: /^[1-9]\d{0,15}$/.test(buildingId) ? buildingId : null,
  }
}

/** The filters as the API's query (and the page's address): the building only when one. */
export function rentRollParams({ month, buildingId }: RentRollFilters): Record<string, string> {
  return buildingId ? { month, buildingId } : { month }
}

export const rentRollQuery = (filters: RentRollFilters) =>
  new URLSearchParams(rentRollParams(filters))

export const rentRollExportPath = (filters: RentRollFilters) =>
  `/api/admin/rent-roll/export?${rentRollQuery(filters)}`

/** The CSV's name when the API gives none. */
export const rentRollFileName = (month: string) => `rent-roll-${month}.csv`

/** What came in one month, all ways together (SAR, summed in halalas). */
export function collectedOf(collected: Record<PaymentMethod, number>): number {
  return fromHalalas(
    PAYMENT_METHODS.reduce((sum, method) => sum + toHalalas(collected[method] ?? 0), 0)
  )
}

/** One bar group of the chart: the month, its expected rent and what came in by each way. */
export type HistoryPoint = { month: string; expected: number } & Record<PaymentMethod, number>

export function historyPoints(history: RentRoll['history']): HistoryPoint[] {
  return history.map(({ month, expected, collected }) => ({
    month,
    expected,
    ...(Object.fromEntries(
      PAYMENT_METHODS.map((method) => [method, collected[method] ?? 0])
    ) as Record<PaymentMethod, number>),
  }))
}

/** Whether anything was expected or came in over the months (else the chart says so instead). */
export function historyHasFigures(history: RentRoll['history']): boolean {
  return history.some((point) => point.expected > 0 || collectedOf(point.collected) > 0)
}

/** A month on the chart's axis, short: "Mar 27", "مارس ٢٧". */
export function formatShortMonth(month: string, lang: Locale): string {
  const [year, number] = month.split('-').map(Number)
  return new Intl.DateTimeFormat(intlLocale(lang), {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 2000, (number ?? 1) - 1, 1)))
}

/** An amount on the chart's axis, short, in the locale's digits: "12K", "١٢ ألف". */
export function formatCompactAmount(amount: number, lang: Locale): string {
  return new Intl.NumberFormat(intlLocale(lang), {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(amount)
}
