import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

/**
 * Sessions live on the server (the cookie holds only a signed id), so Log Out and "sign out
 * of all devices" end them for good: in the database by default, in Redis when `REDIS_URL`
 * is set, so that every replica shares them. Tests use the same stores.
 * The cookie is httpOnly, SameSite=Lax, Secure in production, and lasts 7 days.
 */
export const SESSION_COOKIE = 'sakan-session'

const sessionConfig = defineConfig({
  enabled: true,
  cookieName: SESSION_COOKIE,
  clearWithBrowser: false,
  age: '7d',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  store: env.get('REDIS_URL') ? 'redis' : 'database',
  stores: {
    database: stores.database({ tableName: 'sessions' }),
    /* Resolving it needs Redis configured; the store is only named when REDIS_URL is set. */
    ...(env.get('REDIS_URL') ? { redis: stores.redis({ connection: 'main' }) } : {}),
  },
})

export default sessionConfig
