import { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import { stringify } from 'csv-stringify'
import { DateTime } from 'luxon'
import type { PaymentsSummary } from '@sakan/common'
import { withNamedIds } from '#services/account_lists'
import { exportedPayments, paymentsSummary } from '#services/admin_payments'
import { paymentsExportValidator } from '#validators/listing'
import {
  recordPaymentValidator,
  refundPaymentValidator,
  voidPaymentValidator,
} from '#validators/payment'
import { formMessages } from '#validators/messages'
import { recordPayment, voidPayment } from '#services/recorded_payments'
import { refundPayment } from '#services/payment_refunds'
import { loadPaymentRelations } from '#services/payments'
import { serializePayment } from '#transformers/account_transformer'
import type Payment from '#models/payment'
import { serializePaymentsSummary } from '#transformers/admin_transformer'
import { PAYMENT_CSV_COLUMNS, paymentCsvRecords } from '#transformers/payment_export_transformer'

/** The back office's payments: the filtered set's figures and its CSV; rent recorded, voided, refunded. */
export default class AdminPaymentsController {
  /**
   * POST /api/admin/tenancies/:id/payments: rent (or the deposit) received by Ejar, bank
   * transfer or cash, recorded on the stay; 201 with the payment.
   */
  async record(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(recordPaymentValidator, {
      messagesProvider: formMessages(ctx, 'payments'),
    })
    const payment = await recordPayment(ctx.auth.getUserOrFail(), Number(ctx.params.id), input)
    ctx.response.status(201)
    return this.answer(ctx, payment)
  }

  /** POST /api/admin/payments/:id/void: a recorded payment struck out, with the reason. */
  async void(ctx: HttpContext) {
    const { reason } = await ctx.request.validateUsing(voidPaymentValidator, {
      messagesProvider: formMessages(ctx, 'payments'),
    })
    return this.answer(
      ctx,
      await voidPayment(ctx.auth.getUserOrFail(), Number(ctx.params.id), reason)
    )
  }

  /** POST /api/admin/payments/:id/refund: all or part of a card payment given back through the gateway. */
  async refund(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(refundPaymentValidator, {
      messagesProvider: formMessages(ctx, 'payments'),
    })
    return this.answer(
      ctx,
      await refundPayment(ctx.auth.getUserOrFail(), Number(ctx.params.id), input)
    )
  }

  private async answer(ctx: HttpContext, payment: Payment) {
    await loadPaymentRelations(payment)
    return serializePayment(payment, ctx.i18n.locale)
  }

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
        method: (method) => ctx.i18n.t(`rentRoll.methods.${method}`),
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
