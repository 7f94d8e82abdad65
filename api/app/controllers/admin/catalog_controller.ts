import type { HttpContext } from '@adonisjs/core/http'
import type { VineValidator } from '@vinejs/vine'
import type { Infer, SchemaTypes } from '@vinejs/vine/types'
import type User from '#models/user'
import { catalogWrite } from '#server/catalog_writes'

type Validator<Schema extends SchemaTypes> = VineValidator<Schema, Record<string, any> | undefined>

/**
 * What the back office's catalogue controllers (buildings, rooms, reviews) share: one record
 * read, created (201) and changed, each answered with the record as the back office shows it.
 * A controller names its validators, its policy and the catalogue service's writes.
 */
export default abstract class CatalogController<
  Create extends SchemaTypes,
  Update extends SchemaTypes,
> {
  protected abstract createValidator: Validator<Create>
  protected abstract updateValidator: Validator<Update>

  /** Asks the record's policy for the ability (a 403 when refused). */
  protected abstract authorize(ctx: HttpContext, ability: 'create' | 'update'): Promise<void>

  /** The catalogue service's creation: the new record's id. */
  protected abstract create(admin: User, input: Infer<Create>): Promise<number>

  /** The catalogue service's change: the record's id, null when it is unknown. */
  protected abstract change(admin: User, id: number, change: Infer<Update>): Promise<number | null>

  /** The record as the back office shows it, or a 404. */
  protected abstract answer(ctx: HttpContext, id: number | null): Promise<unknown>

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
