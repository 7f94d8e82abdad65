import { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import { stringify } from 'csv-stringify'
import type { RentRoll } from '@sakan/common'
import { currentMonth, rentRoll, rentRollCsvRecords } from '#services/rent_roll'
import { formMessages } from '#validators/messages'
import { rentRollValidator } from '#validators/payment'
import { RENT_ROLL_CSV_COLUMNS } from '#transformers/rent_roll_export_transformer'

/** The rent roll: how a month went, for one building or all, and its CSV. */
export default class RentRollController {
  /** GET /api/admin/rent-roll?month=yyyy-MM&buildingId= */
  async show(ctx: HttpContext): Promise<RentRoll> {
    const input = await ctx.request.validateUsing(rentRollValidator, {
      data: ctx.request.qs(),
      messagesProvider: formMessages(ctx, 'rentRoll'),
    })
    return rentRoll(
      { month: input.month ?? currentMonth(), buildingId: input.buildingId },
      ctx.i18n.locale
    )
  }

  /**
   * GET /api/admin/rent-roll/export: one line per stay holding the month, streamed, in the
   * administrator's language — UTF-8 with a byte-order mark (spreadsheets read the Arabic),
   * cells a spreadsheet would run as formulas written as text.
   */
  async export(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(rentRollValidator, {
      data: ctx.request.qs(),
      messagesProvider: formMessages(ctx, 'rentRoll'),
    })
    const month = input.month ?? currentMonth()
    const t = (key: string) => ctx.i18n.t(key)
    const header = RENT_ROLL_CSV_COLUMNS.map((name) => t(`rentRoll.csv.${name}`))
    const rows = Readable.from(
      rentRollCsvRecords({ month, buildingId: input.buildingId }, ctx.i18n.locale, {
        state: (state) => t(`rentRoll.states.${state}`),
        method: (method) => t(`rentRoll.methods.${method}`),
        bucket: (bucket) => t(`rentRoll.buckets.${bucket}`),
      })
    )
    const csv = stringify({ bom: true, header: true, columns: header })
    /* A failure mid-way ends the download as failed instead of leaving it hanging. */
    rows.on('error', (error) => csv.destroy(error))
    rows.pipe(csv)
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', `attachment; filename="rent-roll-${month}.csv"`)
    ctx.response.header('Cache-Control', 'no-store')
    ctx.response.stream(csv)
  }
}
