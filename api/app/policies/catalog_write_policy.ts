import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'

/**
 * The catalogue's writes: the administrator creates, changes, archives and deletes
 * buildings, rooms and reviews; nobody else writes them. Each resource's policy extends this.
 */
export default class CatalogWritePolicy extends BasePolicy {
  protected isAdmin(user: User): boolean {
    return user.role === 'admin'
  }

  create(user: User): AuthorizerResponse {
    return this.isAdmin(user)
  }

  update(user: User): AuthorizerResponse {
    return this.isAdmin(user)
  }

  delete(user: User): AuthorizerResponse {
    return this.isAdmin(user)
  }
}
