import { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import { stringify } from 'csv-stringify'
import { DateTime } from 'luxon'
import type { PaymentsSummary } from '@sakan/common'
import { withNamedIds } from '#services/account_lists'
import { exportedPayments, paymentsSummary } from '#services/admin_payments'
import { paymentsExportValidator } from '#validators/listing'
import { serializePaymentsSummary } from '#transformers/admin_transformer'
import { PAYMENT_CSV_COLUMNS, paymentCsvRecords } from '#transformers/payment_export_transformer'

/** The back office's payments: the filtered set's figures and its CSV. */
export default class AdminPaymentsController {
  /** GET /api/admin/payments/summary: count and sum (SAR) of the filtered payments. */
  async summary(ctx: HttpContext): Promise<PaymentsSummary> {
    const input = await withNamedIds(
      await ctx.request.validateUsing(paymentsExportValidator, { data: ctx.request.qs() })
    )
    return serializePaymentsSummary(await paymentsSummary(input))
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
    const header = PAYMENT_CSV_COLUMNS.map((name) => ctx.i18n.t(`payments.csv.${name}`))
    const rows = Readable.from(
      paymentCsvRecords(exportedPayments(input, locale), {
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
