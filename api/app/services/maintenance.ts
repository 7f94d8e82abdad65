import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type MaintenanceRequest from '#models/maintenance_request'

/** Everything a request's answer shows: tenant, room, building, photos in order, history oldest first. */
export function withMaintenanceDetails(
  query: ModelQueryBuilderContract<typeof MaintenanceRequest>
) {
  return query
    .preload('user')
    .preload('room')
    .preload('building')
    .preload('photos', (photos) => photos.orderBy('position', 'asc'))
    .preload('history', (history) =>
      history.preload('changer').orderBy('created_at', 'asc').orderBy('id', 'asc')
    )
}
