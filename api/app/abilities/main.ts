import { Bouncer } from '@adonisjs/bouncer'
import type User from '#models/user'

/** The administrator: role `admin` in our database, never anything the client says. */
export const isAdmin = Bouncer.ability((user: User) => user.role === 'admin')
