import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

/**
 * Sessions live in an encrypted, signed cookie: the API keeps no session state, so any
 * replica answers any request (DESIGN.md §7). httpOnly, SameSite=Lax, Secure in production.
 */
const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'sakan-session',
  clearWithBrowser: false,
  age: '7d',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  /* Tests run in one process and use the memory store, which Japa's session client drives. */
  store: app.inTest ? 'memory' : 'cookie',
  stores: {
    cookie: stores.cookie(),
  },
})

export default sessionConfig
