import { DateTime } from 'luxon'
import { areConsecutive, fromHalalas } from '@sakan/common'

/**
 * A payment as the CSV export reads it: its row with its payer's, room's and building's
 * names, and the months it covers in order. PostgreSQL answers timestamps as Dates, SQLite
 * as text.
 */
export interface PaymentExportRow {
  id: number | string
  gateway_payment_id: string | null
  /** A recorded payment's own reference. */
  reference: string | null
  method: string
  refunded_halalas: number | string
  amount_halalas: number | string
  kind: string
  status: string
  payment_date: Date | string | null
  created_at: Date | string
  full_name: string | null
  username: string | null
  email: string | null
  room_number: string | null
  /** The building's name in the administrator's language. */
  building: string | null
  months: string[]
}

/** The export's words in the administrator's language. */
export interface ExportLabels {
  status: (status: string) => string
  kind: (kind: string) => string
  method: (method: string) => string
}

/** The export's columns, in order; their headers are `payments.csv.<column>` in her language. */
export const PAYMENT_CSV_COLUMNS = [
  'id',
  'reference',
  'tenantName',
  'tenantEmail',
  'building',
  'roomNumber',
  'kind',
  'monthsCovered',
  'amount',
  'status',
  'paymentDate',
  'createdAt',
  'method',
  'refunded',
] as const

/**
 * A spreadsheet would run a cell starting with = + - @ (or a tab/return) as a formula: such
 * a cell is written with a leading apostrophe (OWASP's CSV injection guard).
 */
export function csvCell(value: string | null): string {
  if (value === null) return ''
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/**
 * What a payment covers, as one cell: a deposit says so, months in a row are a range
 * ("2026-12 – 2027-11"), others are listed.
 */
function coveredCell(kind: string, months: string[], labels: ExportLabels): string {
  if (kind === 'deposit') return labels.kind(kind)
  if (months.length > 1 && areConsecutive(months)) return `${months[0]} – ${months.at(-1)}`
  return months.join(', ')
}

/** A stored timestamp (a Date from PostgreSQL, text from SQLite) in ISO 8601, UTC. */
function isoInstant(value: Date | string): string {
  const instant =
    value instanceof Date
      ? DateTime.fromJSDate(value)
      : DateTime.fromSQL(value, { zone: 'utc' }).isValid
        ? DateTime.fromSQL(value, { zone: 'utc' })
        : DateTime.fromISO(value, { zone: 'utc' })
  return instant.toUTC().toISO()!
}

/** One payment as a line of the CSV, its cells in `PAYMENT_CSV_COLUMNS`' order. */
export function paymentCsvRecord(row: PaymentExportRow, labels: ExportLabels) {
  return [
    row.id,
    csvCell(row.gateway_payment_id ?? row.reference),
    csvCell(row.full_name ?? row.username),
    csvCell(row.email),
    csvCell(row.building),
    csvCell(row.room_number),
    labels.kind(row.kind),
    coveredCell(row.kind, row.months, labels),
    fromHalalas(Number(row.amount_halalas)).toFixed(2),
    labels.status(row.status),
    row.payment_date ? isoInstant(row.payment_date) : '',
    isoInstant(row.created_at),
    labels.method(row.method),
    fromHalalas(Number(row.refunded_halalas ?? 0)).toFixed(2),
  ]
}

/** The CSV's lines, one per payment, as the payments are read: nothing is held beyond one. */
export async function* paymentCsvRecords(
  rows: AsyncIterable<PaymentExportRow>,
  labels: ExportLabels
) {
  for await (const row of rows) yield paymentCsvRecord(row, labels)
}
