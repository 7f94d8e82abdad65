import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type Application from '#models/application'

/** Who may do what with an application. */
export default class ApplicationPolicy extends BasePolicy {
  /** Tenants apply; the administrator reviews, she does not apply. */
  create(user: User): AuthorizerResponse {
    return user.role === 'tenant'
  }

  /** Its applicant and the administrator. */
  view(user: User, application: Application): AuthorizerResponse {
    return user.role === 'admin' || application.userId === user.id
  }

  review(user: User): AuthorizerResponse {
    return user.role === 'admin'
  }

  delete(user: User): AuthorizerResponse {
    return user.role === 'admin'
  }
}
