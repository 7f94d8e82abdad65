import { scope } from '@adonisjs/lucid/orm'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type User from '#models/user'

/**
 * "A tenant sees only her own": the rows of a table owned through `user_id` that a user may
 * list, hers, or all of them for the administrator. The tenant's records declare it through
 * their mixin (`withTenantRoom`) and list with
 * `Model.query().withScopes((scopes) => scopes.visibleTo(user))`.
 */
export function visibleTo<Model extends LucidModel>() {
  return scope<Model, (query: ModelQueryBuilderContract<Model>, user: User) => void>(
    (query, user) => {
      if (!user.isAdmin) query.where('user_id', user.id)
    }
  )
}
