import { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { stringify } from 'csv-stringify'
import { DateTime } from 'luxon'
import { areConsecutive, fromHalalas, type PaymentsSummary } from '@sakan/common'
import { narrowPayments, paymentFilters, withNamedIds } from '#services/account_lists'
import { paymentsExportValidator } from '#validators/listing'

/** Rows read per statement while the CSV streams: 1,000,000 payments never sit in memory. */
const EXPORT_BATCH = 1000

type ExportInput = Awaited<ReturnType<typeof paymentsExportValidator.validate>> & {
  buildingRooms?: number[]
}

/** The filtered payments (the list's filters and search), as the query the list runs. */
function filteredPayments(input: ExportInput) {
  const query = db.from('payments')
  for (const [column, value] of Object.entries(paymentFilters(input))) {
    if (value !== undefined && value !== null && value !== '') query.where(column, value)
  }
  narrowPayments(query, input)
  return query
}

/**
 * A spreadsheet would run a cell starting with = + - @ (or a tab/return) as a formula: such
 * a cell is written with a leading apostrophe (OWASP's CSV injection guard).
 */
function cell(value: string | null): string {
  if (value === null) return ''
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** The export's words in the administrator's language. */
interface ExportLabels {
  status: (status: string) => string
  kind: (kind: string) => string
}

/** The months each of these payments covers, in order (`payment_months`). */
async function monthsOf(ids: number[]): Promise<Map<number, string[]>> {
  const months = new Map<number, string[]>()
  if (ids.length === 0) return months
  const rows = await db
    .from('payment_months')
    .whereIn('payment_id', ids)
    .orderBy('month')
    .select('payment_id', 'month')
  for (const row of rows) {
    const id = Number(row.payment_id)
    months.set(id, [...(months.get(id) ?? []), row.month])
  }
  return months
}

/**
 * What a payment covers, as one cell: a deposit says so, months in a row are a range
 * ("2026-12 – 2027-11"), others are listed. A payment written before its months had rows
 * covers its one `month_covered`.
 */
function coveredCell(kind: string, months: string[], labels: ExportLabels): string {
  if (kind === 'deposit') return labels.kind(kind)
  if (months.length > 1 && areConsecutive(months)) return `${months[0]} – ${months.at(-1)}`
  return months.join(', ')
}

/** The rows of the export, newest first, read in batches by id. */
async function* exportRows(input: ExportInput, locale: string, labels: ExportLabels) {
  /* No bound on the first batch: PostgreSQL refuses a bound beyond its integer type. */
  let before: number | null = null
  for (;;) {
    const page = filteredPayments(input)
    if (before !== null) page.where('id', '<', before)
    page.orderBy('id', 'desc').limit(EXPORT_BATCH).select('*')
    const rows = await db
      .from(page.as('x'))
      .join('users as u', 'u.id', 'x.user_id')
      .join('rooms as r', 'r.id', 'x.room_id')
      .join('buildings as b', 'b.id', 'r.building_id')
      .orderBy('x.id', 'desc')
      .select(
        'x.id',
        'x.gateway_payment_id',
        'x.amount_halalas',
        'x.month_covered',
        'x.kind',
        'x.status',
        'x.payment_date',
        'x.created_at',
        'u.full_name',
        'u.username',
        'u.email',
        'r.room_number',
        locale === 'ar' ? 'b.name_ar as building' : 'b.name_en as building'
      )
    const months = await monthsOf(rows.map((row) => Number(row.id)))
    for (const row of rows) {
      const covered = months.get(Number(row.id)) ?? (row.month_covered ? [row.month_covered] : [])
      yield [
        row.id,
        cell(row.gateway_payment_id),
        cell(row.full_name ?? row.username),
        cell(row.email),
        cell(row.building),
        cell(row.room_number),
        labels.kind(row.kind),
        coveredCell(row.kind, covered, labels),
        fromHalalas(Number(row.amount_halalas)).toFixed(2),
        labels.status(row.status),
        row.payment_date ? isoInstant(row.payment_date) : '',
        isoInstant(row.created_at),
      ]
    }
    if (rows.length < EXPORT_BATCH) return
    before = Number(rows.at(-1)!.id)
  }
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

const COLUMNS = [
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
] as const

/** The back office's payments (issue 13): the filtered set's figures and its CSV. */
export default class AdminPaymentsController {
  /** GET /api/admin/payments/summary: count and sum (SAR) of the filtered payments. */
  async summary(ctx: HttpContext): Promise<PaymentsSummary> {
    const input = await withNamedIds(
      await ctx.request.validateUsing(paymentsExportValidator, { data: ctx.request.qs() })
    )
    const [row] = await filteredPayments(input).count('* as count').sum('amount_halalas as total')
    return {
      count: Number(row?.count ?? 0),
      total: fromHalalas(Number(row?.total ?? 0)),
      currency: 'SAR',
    }
  }

  /**
   * GET /api/admin/payments/export: every filtered payment as CSV, streamed — UTF-8 with a
   * byte-order mark (so spreadsheet programs read the Arabic), a header row in her language.
   */
  async export(ctx: HttpContext) {
    const input = await withNamedIds(
      await ctx.request.validateUsing(paymentsExportValidator, { data: ctx.request.qs() })
    )
    const locale = ctx.i18n.locale
    const header = COLUMNS.map((name) => ctx.i18n.t(`payments.csv.${name}`))
    const rows = Readable.from(
      exportRows(input, locale, {
        status: (status) => ctx.i18n.t(`payments.statuses.${status}`),
        kind: (kind) => ctx.i18n.t(`payments.csv.kinds.${kind}`),
      })
    )
    const csv = stringify({ bom: true, header: true, columns: header })
    /* A failure mid-way ends the download as failed instead of leaving it hanging. */
    rows.on('error', (error) => csv.destroy(error))
    rows.pipe(csv)
    const today = DateTime.now().setZone('Asia/Riyadh').toFormat('yyyy-MM-dd')
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', `attachment; filename="payments-${today}.csv"`)
    ctx.response.header('Cache-Control', 'no-store')
    ctx.response.stream(csv)
  }
}
