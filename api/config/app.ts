import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'

/**
 * The key that signs and encrypts cookies. Development and tests run with a fixed key so
 * that a fresh clone starts with no set-up; production refuses to start without its own.
 */
const DEVELOPMENT_KEY = 'sakan-development-key-not-for-production'

function resolveAppKey(): Secret<string> {
  const key = env.get('APP_KEY')
  if (key) return key
  if (app.inProduction) throw new Error('APP_KEY must be set in production')
  return new Secret(DEVELOPMENT_KEY)
}

export const appKey = resolveAppKey()

/* The emulator accepts unsigned tokens: anyone could sign in as anyone. */
if (app.inProduction && process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  throw new Error('FIREBASE_AUTH_EMULATOR_HOST must not be set in production')
}

export const port = env.get('PORT', 3000)

export const appUrl = env.get('APP_URL', `http://127.0.0.1:${port}`)

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  /* The proxy in front (docker-compose) sets X-Forwarded-*; trust only loopback and private hops. */
  trustProxy: (address: string) =>
    address === '127.0.0.1' ||
    address === '::1' ||
    /^(10|172\.(1[6-9]|2\d|3[01])|192\.168)\./.test(address),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
