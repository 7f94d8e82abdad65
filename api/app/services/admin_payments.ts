import db from '@adonisjs/lucid/services/db'
import type { paymentsExportValidator } from '#validators/listing'
import { narrowPayments, paymentFilters } from '#services/account_lists'
import type { PaymentExportRow } from '#transformers/payment_export_transformer'

/**
 * The back office's payments: the filtered set the list shows, counted and summed, and read
 * whole for the CSV export in batches.
 */

/** Rows read per statement while the CSV streams: 1,000,000 payments never sit in memory. */
const EXPORT_BATCH = 1000

export type PaymentsExportInput = Awaited<ReturnType<typeof paymentsExportValidator.validate>> & {
  buildingRooms?: number[]
}

/** The filtered payments (the list's filters and search), as the query the list runs. */
function filteredPayments(input: PaymentsExportInput) {
  const query = db.from('payments')
  for (const [column, value] of Object.entries(paymentFilters(input))) {
    if (value !== undefined && value !== null && value !== '') query.where(column, value)
  }
  narrowPayments(query, input)
  return query
}

/** How many payments the filters keep, and their sum in halalas (every status). */
export async function paymentsSummary(
  input: PaymentsExportInput
): Promise<{ count: number; totalHalalas: number }> {
  const [row] = await filteredPayments(input).count('* as count').sum('amount_halalas as total')
  return { count: Number(row?.count ?? 0), totalHalalas: Number(row?.total ?? 0) }
}

/** The months each of these payments covers, in order (`payment_months`). */
async function monthsOfPayments(ids: number[]): Promise<Map<number, string[]>> {
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
 * Every filtered payment, newest first, with its payer, room and building (named in `locale`)
 * and the months it covers, read in batches by id as the reader asks for them. A payment
 * written before its months had rows covers its one `month_covered`.
 */
export async function* exportedPayments(
  input: PaymentsExportInput,
  locale: string
): AsyncGenerator<PaymentExportRow> {
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
        'x.reference',
        'x.method',
        'x.refunded_halalas',
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
    const months = await monthsOfPayments(rows.map((row) => Number(row.id)))
    for (const row of rows) {
      const covered = months.get(Number(row.id)) ?? (row.month_covered ? [row.month_covered] : [])
      yield { ...row, months: covered }
    }
    if (rows.length < EXPORT_BATCH) return
    before = Number(rows.at(-1)!.id)
  }
}
