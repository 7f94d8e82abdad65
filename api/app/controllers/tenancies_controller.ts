import type { HttpContext } from '@adonisjs/core/http'
import { withTotal } from '#server/list_response'
import { findTenancy, ledgerRows, ledgersOf, listTenancies, tenancyRow } from '#services/tenancies'
import { listTenanciesValidator } from '#validators/tenancy'

/** Stays and their rent ledgers (issue 26): the resident's own, all for the administrator. */
export default class TenanciesController {
  /** GET /api/tenancies */
  async index(ctx: HttpContext) {
    const query = await ctx.request.validateUsing(listTenanciesValidator, {
      data: ctx.request.qs(),
    })
    const page = await listTenancies(ctx.auth.getUserOrFail(), query, ctx.i18n.locale)
    return withTotal(ctx.response, page)
  }

  /** GET /api/tenancies/:id: one stay, to its resident or the administrator; else 404. */
  async show(ctx: HttpContext) {
    const tenancy = await findTenancy(ctx.auth.getUserOrFail(), Number(ctx.params.id))
    if (!tenancy) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    const ledgers = await ledgersOf([tenancy])
    return tenancyRow(tenancy, ledgers.get(tenancy.id)!, ctx.i18n.locale)
  }

  /** GET /api/tenancies/:id/ledger: its months from the move-in month on. */
  async ledger(ctx: HttpContext) {
    const tenancy = await findTenancy(ctx.auth.getUserOrFail(), Number(ctx.params.id))
    if (!tenancy) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    const ledgers = await ledgersOf([tenancy])
    return ledgerRows(ledgers.get(tenancy.id)!)
  }
}
