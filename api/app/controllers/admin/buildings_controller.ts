import type { HttpContext } from '@adonisjs/core/http'
import CatalogController from '#controllers/admin/catalog_controller'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Building from '#models/building'
import { modelPage, whereContains } from '#services/admin_lists'
import { withTotal } from '#server/list_response'
import { createBuilding, removeBuilding, updateBuilding } from '#services/catalog_admin'
import { serializeAdminBuilding } from '#transformers/room_transformer'
import {
  BUILDING_SORTS,
  createBuildingValidator,
  listBuildingsValidator,
  updateBuildingValidator,
} from '#validators/catalog'
import { removalAnswer } from '#server/catalog_writes'

const withDetails = (query: ModelQueryBuilderContract<typeof Building>) =>
  query.preload('amenityRows').withCount('rooms')

/** The back office's buildings: admin reads under /api/admin, writes under /api. */
export default class BuildingsController extends CatalogController<
  typeof createBuildingValidator.schema,
  typeof updateBuildingValidator.schema
> {
  /** GET /api/admin/buildings */
  async index(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(listBuildingsValidator, {
      data: ctx.request.qs(),
    })
    const page = await modelPage(
      Building,
      input,
      BUILDING_SORTS,
      (query) => {
        if (input.zone) query.where('zone', input.zone)
        if (input.isFullyManaged !== undefined)
          query.where('is_fully_managed', input.isFullyManaged)
        if (input.archived !== undefined) {
          if (input.archived) query.whereNotNull('archived_at')
          else query.whereNull('archived_at')
        }
        whereContains(query, input.q, ['name_en', 'name_ar', 'address_en', 'address_ar'])
      },
      (building) => serializeAdminBuilding(building, ctx.i18n.locale),
      (query) => withDetails(query)
    )
    return withTotal(ctx.response, page)
  }

  /* GET /api/admin/buildings/:id, POST /api/buildings, PATCH /api/buildings/:id: CatalogController's. */
  protected createValidator = createBuildingValidator
  protected updateValidator = updateBuildingValidator
  protected create = createBuilding
  protected change = updateBuilding

  protected authorize(ctx: HttpContext, ability: 'create' | 'update') {
    return ctx.bouncer.with('BuildingPolicy').authorize(ability)
  }

  /** DELETE /api/buildings/:id: deleted when it has no rooms (204), else archived (200). */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('BuildingPolicy').authorize('delete')
    return removalAnswer(ctx, await removeBuilding(ctx.auth.getUserOrFail(), Number(ctx.params.id)))
  }

  protected async answer(ctx: HttpContext, id: number | null) {
    const building =
      id === null ? null : await withDetails(Building.query().where('id', id)).first()
    if (!building) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
    return serializeAdminBuilding(building, ctx.i18n.locale)
  }
}
