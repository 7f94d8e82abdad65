import type { HttpContext } from '@adonisjs/core/http'
import { withTotal } from '#server/list_response'
import {
  endTenancy,
  findTenancy,
  ledgerPaymentFacts,
  ledgersOf,
  returnDeposit,
  setEjarContractNumber,
  stayFactsOf,
} from '#services/tenancies'
import { listTenancies } from '#services/stay_lists'
import { serializeLedger, serializeTenancy } from '#transformers/tenancy_transformer'
import Tenancy from '#models/tenancy'
import {
  depositReturnValidator,
  endTenancyValidator,
  listTenanciesValidator,
  updateTenancyValidator,
} from '#validators/tenancy'

/** Stays and their rent ledgers: the resident's own, all for the administrator. */
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
    return this.answer(ctx, tenancy)
  }

  /** GET /api/tenancies/:id/ledger: its months from the move-in month on. */
  async ledger(ctx: HttpContext) {
    const tenancy = await findTenancy(ctx.auth.getUserOrFail(), Number(ctx.params.id))
    if (!tenancy) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    const ledger = (await ledgersOf([tenancy])).get(tenancy.id)!
    return serializeLedger(ledger, await ledgerPaymentFacts([ledger]))
  }

  /** PATCH /api/tenancies/:id (administrator): the Ejar contract number. */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with('TenancyPolicy').authorize('update')
    const { ejarContractNumber } = await ctx.request.validateUsing(updateTenancyValidator)
    const tenancy = await setEjarContractNumber(
      ctx.auth.getUserOrFail(),
      Number(ctx.params.id),
      ejarContractNumber
    )
    return this.answer(ctx, tenancy)
  }

  /**
   * POST /api/tenancies/:id/end (administrator): 404 for an unknown stay; 422 for an end date
   * outside the stay's bounds (read from its move-in date); 409 when it has ended already.
   */
  async end(ctx: HttpContext) {
    await ctx.bouncer.with('TenancyPolicy').authorize('end')
    const stay = await Tenancy.find(Number(ctx.params.id))
    if (!stay) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    const input = await ctx.request.validateUsing(endTenancyValidator, {
      meta: { startDate: stay.startDate.toISODate()! },
    })
    const tenancy = await endTenancy(ctx.auth.getUserOrFail(), Number(ctx.params.id), input)
    return this.answer(ctx, tenancy)
  }

  /** POST /api/tenancies/:id/deposit-return (administrator). */
  async depositReturn(ctx: HttpContext) {
    await ctx.bouncer.with('TenancyPolicy').authorize('returnDeposit')
    const input = await ctx.request.validateUsing(depositReturnValidator)
    const tenancy = await returnDeposit(ctx.auth.getUserOrFail(), Number(ctx.params.id), input)
    return this.answer(ctx, tenancy)
  }

  /** The stay as the list shows it, after a change. */
  private async answer(ctx: HttpContext, tenancy: Tenancy) {
    await tenancy.load('user')
    await tenancy.load('room', (room) => room.preload('building'))
    const facts = await stayFactsOf([tenancy])
    return serializeTenancy(tenancy, facts.get(tenancy.id)!, ctx.i18n.locale)
  }
}
