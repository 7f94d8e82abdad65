import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'

/** Who may send a message of the outbox again: the administrator. */
export default class NotificationPolicy extends BasePolicy {
  resend(user: User): AuthorizerResponse {
    return user.isAdmin
  }
}
