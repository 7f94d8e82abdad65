import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import CatalogWritePolicy from '#policies/catalog_write_policy'

/** Who may write a review and its avatar: the administrator. */
export default class ReviewPolicy extends CatalogWritePolicy {
  /** Setting or removing the reviewer's avatar. */
  changeAvatar(user: User): AuthorizerResponse {
    return this.isAdmin(user)
  }
}
