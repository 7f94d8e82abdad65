import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'

/**
 * Who may change a maintenance request: the administrator moves it along. Filing is for a
 * tenant with an approved application for the room, a rule on stored rows that the service
 * checks (services/maintenance.ts, `assertFilingAllowed`); reading is the `visibleTo` scope.
 */
export default class MaintenanceRequestPolicy extends BasePolicy {
  updateStatus(user: User): AuthorizerResponse {
    return user.role === 'admin'
  }
}
