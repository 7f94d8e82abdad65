import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'

/**
 * Who may change a stay: the administrator records its Ejar contract number, ends it and
 * returns its deposit. Reading is a rule on stored rows (her own stays, or every stay for the
 * administrator) that the service applies (services/tenancies.ts, `findTenancy`).
 */
export default class TenancyPolicy extends BasePolicy {
  update(user: User): AuthorizerResponse {
    return user.isAdmin
  }

  end(user: User): AuthorizerResponse {
    return user.isAdmin
  }

  returnDeposit(user: User): AuthorizerResponse {
    return user.isAdmin
  }
}
