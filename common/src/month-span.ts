/*
 * Months as one text, apart from format.ts: it reads the ledger's month arithmetic,
 * which the account app's first load (the sign-in pages, that format amounts and dates) must
 * not carry.
 */
import { formatMonth } from './format.js'
import { areConsecutive, monthIndex } from './ledger.js'
import type { Locale } from './locale.js'

/**
 * Months in the UI language, as one text: one month ("December 2026"); months in a
 * row as their first and last ("December 2026 – November 2027", "ديسمبر ٢٠٢٦ – نوفمبر ٢٠٢٧");
 * months with a gap listed ("December 2026, February 2027"). Sorted first; none: empty. The
 * e-mails, the bell (through the API) and the account pages all write months with it.
 */
export function formatMonthSpan(months: readonly string[], locale: Locale | string): string {
  const sorted = [...months].sort((a, b) => (monthIndex(a) ?? 0) - (monthIndex(b) ?? 0))
  if (sorted.length === 0) return ''
  if (sorted.length === 1) return formatMonth(sorted[0]!, locale)
  if (!areConsecutive(sorted))
    return sorted.map((month) => formatMonth(month, locale)).join(locale === 'ar' ? '، ' : ', ')
  return `${formatMonth(sorted[0]!, locale)} – ${formatMonth(sorted.at(-1)!, locale)}`
}
