import type { HttpContext } from '@adonisjs/core/http'
import CatalogController from '#controllers/admin/catalog_controller'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Building from '#models/building'
import { whereArchived, whereContains } from '#services/admin_lists'
import { createBuilding, removeBuilding, updateBuilding } from '#services/catalog_admin'
import { serializeAdminBuilding } from '#transformers/room_transformer'
import {
  BUILDING_SORTS,
  createBuildingValidator,
  listBuildingsValidator,
  updateBuildingValidator,
} from '#validators/catalog'
import { removalAnswer } from '#server/catalog_writes'

/** The back office's buildings: admin reads under /api/admin, writes under /api. */
export default class BuildingsController extends CatalogController<
  typeof Building,
  typeof createBuildingValidator.schema,
  typeof updateBuildingValidator.schema
> {
  /** GET /api/admin/buildings */
  async index(ctx: HttpContext) {
    return this.list(ctx, listBuildingsValidator, BUILDING_SORTS, (query, input) => {
      if (input.zone) query.where('zone', input.zone)
      if (input.isFullyManaged !== undefined) query.where('is_fully_managed', input.isFullyManaged)
      whereArchived(query, input.archived)
      whereContains(query, input.q, ['name_en', 'name_ar', 'address_en', 'address_ar'])
    })
  }

  /* GET /api/admin/buildings/:id, POST /api/buildings, PATCH /api/buildings/:id: CatalogController's. */
  protected model = Building
  protected serialize = serializeAdminBuilding
  protected createValidator = createBuildingValidator
  protected updateValidator = updateBuildingValidator
  protected create = createBuilding
  protected change = updateBuilding

  /** Its amenities, and how many rooms it has. */
  protected withDetails(query: ModelQueryBuilderContract<typeof Building>) {
    return query.preload('amenityRows').withCount('rooms')
  }

  protected authorize(ctx: HttpContext, ability: 'create' | 'update') {
    return ctx.bouncer.with('BuildingPolicy').authorize(ability)
  }

  /** DELETE /api/buildings/:id: deleted when it has no rooms (204), else archived (200). */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('BuildingPolicy').authorize('delete')
    return removalAnswer(ctx, await removeBuilding(ctx.auth.getUserOrFail(), Number(ctx.params.id)))
  }
}
