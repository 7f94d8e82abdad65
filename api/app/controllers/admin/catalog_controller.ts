import type { HttpContext } from '@adonisjs/core/http'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { VineValidator } from '@vinejs/vine'
import type { Infer, SchemaTypes } from '@vinejs/vine/types'
import type { Locale } from '@sakan/common'
import type User from '#models/user'
import { modelPage, type ValidatedListQuery } from '#services/admin_lists'
import { catalogWrite } from '#server/catalog_writes'
import { withTotal } from '#server/list_response'
import type { SortColumns } from '#validators/list_query'

type Validator<Schema extends SchemaTypes> = VineValidator<Schema, Record<string, any> | undefined>

/**
 * What the back office's catalogue controllers (buildings, rooms, reviews) share: the list's
 * page, one record read, created (201) and changed, each record as the back office shows it.
 * A controller names its model, its list's filters, its validators, its policy and the
 * catalogue service's writes.
 */
export default abstract class CatalogController<
  Model extends LucidModel,
  Create extends SchemaTypes,
  Update extends SchemaTypes,
> {
  protected abstract model: Model
  /** The record as the back office shows it. */
  protected abstract serialize: (record: InstanceType<Model>, locale: Locale) => unknown
  protected abstract createValidator: Validator<Create>
  protected abstract updateValidator: Validator<Update>

  /** Asks the record's policy for the ability (a 403 when refused). */
  protected abstract authorize(ctx: HttpContext, ability: 'create' | 'update'): Promise<void>

  /** The catalogue service's creation: the new record's id. */
  protected abstract create(admin: User, input: Infer<Create>): Promise<number>

  /** The catalogue service's change: the record's id, null when it is unknown. */
  protected abstract change(admin: User, id: number, change: Infer<Update>): Promise<number | null>

  /** What the back office's view of a record needs loaded with it (nothing by default). */
  protected withDetails(query: ModelQueryBuilderContract<Model>) {
    return query
  }

  /**
   * GET /api/admin/<records>: the page the query asks for (validated by `validator`), of the
   * records `narrow` keeps, with the total in X-Total-Count.
   */
  protected async list<Schema extends SchemaTypes>(
    ctx: HttpContext,
    validator: Validator<Schema>,
    sorts: SortColumns,
    narrow: (query: ModelQueryBuilderContract<Model>, input: Infer<Schema>) => void
  ) {
    const input = await ctx.request.validateUsing(validator, { data: ctx.request.qs() })
    const page = await modelPage(
      this.model,
      input as ValidatedListQuery,
      sorts,
      (query) => narrow(query, input),
      (record) => this.serialize(record, ctx.i18n.locale),
      (query) => this.withDetails(query)
    )
    return withTotal(ctx.response, page)
  }

  /** The record as the back office shows it, or a 404. */
  protected async answer(ctx: HttpContext, id: number | null) {
    const record =
      id === null ? null : await this.withDetails(this.model.query().where('id', id)).first()
    if (!record) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    return this.serialize(record, ctx.i18n.locale)
  }

  /** GET /api/admin/<records>/:id */
  async show(ctx: HttpContext) {
    return this.answer(ctx, Number(ctx.params.id))
  }

  /** POST /api/<records> */
  async store(ctx: HttpContext) {
    const id = await catalogWrite(
      ctx,
      this.createValidator,
      () => this.authorize(ctx, 'create'),
      (admin, input) => this.create(admin, input)
    )
    ctx.response.status(201)
    return this.answer(ctx, id)
  }

  /** PATCH /api/<records>/:id */
  async update(ctx: HttpContext) {
    const id = await catalogWrite(
      ctx,
      this.updateValidator,
      () => this.authorize(ctx, 'update'),
      (admin, change) => this.change(admin, Number(ctx.params.id), change)
    )
    return this.answer(ctx, id)
  }
}
