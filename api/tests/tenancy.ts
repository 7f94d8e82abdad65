import type { ApplicationStatus } from '@sakan/common'
import type User from '#models/user'
import { ApplicationFactory, RoomFactory, UserFactory } from '../../database/factories/index.js'

/**
 * A tenant holding an application (approved unless said) for a new room with its building:
 * `tenant` when given, else a new one.
 */
export async function tenancy(options: { tenant?: User; status?: ApplicationStatus } = {}) {
  const tenant = options.tenant ?? (await UserFactory.create())
  const room = await RoomFactory.with('building').create()
  const application = await ApplicationFactory.merge({
    userId: tenant.id,
    roomId: room.id,
    status: options.status ?? 'approved',
  }).create()
  return { tenant, room, application }
}
