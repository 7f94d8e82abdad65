import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import CatalogWritePolicy from '#policies/catalog_write_policy'

/** Who may write a room and its photos: the administrator. */
export default class RoomPolicy extends CatalogWritePolicy {
  /** Adding, reordering and removing the room's photos. */
  managePhotos(user: User): AuthorizerResponse {
    return this.isAdmin(user)
  }
}
