/**
 * The demo accounts: the seed writes their users (database/seeders), and
 * `node ace demo:identities` (run by `npm start`) gives them their Firebase side, with this
 * password, in the Auth emulator.
 */
export const DEMO_ADMIN = {
  email: 'admin@sakan.test',
  fullName: 'Sara Al-Qahtani',
  username: 'sara.admin',
  role: 'admin',
} as const

export const DEMO_TENANT = {
  email: 'tenant@sakan.test',
  fullName: 'Noura Al-Harbi',
  username: 'noura',
  phone: '+966 55 123 4567',
  role: 'tenant',
} as const

export const DEMO_PASSWORD = 'Sakan#2026'
