import { randomBytes } from 'node:crypto'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'
import {
  DEVELOPMENT_KEY,
  documentKeyProblems,
  gatewayProblems,
  mailProblems,
  startupProblems,
  trustedProxies,
} from '#server/startup_guard'
import { refuseBadUrl } from '#server/bad_url'

/**
 * The key that signs and encrypts cookies, and the start-up rules around it: development
 * and tests run with a fixed key so that a fresh clone starts with no set-up, but neither
 * that key nor the Auth emulator may serve anything beyond loopback (startup_guard.ts).
 */
const problems = [
  ...startupProblems({
    nodeEnv: process.env.NODE_ENV,
    host: env.get('HOST'),
    appKey: env.get('APP_KEY')?.release(),
    emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST,
  }),
  ...gatewayProblems({
    nodeEnv: process.env.NODE_ENV,
    secretKey: env.get('MOYASAR_SECRET_KEY'),
    publishableKey: env.get('MOYASAR_PUBLISHABLE_KEY'),
    webhookSecret: env.get('MOYASAR_WEBHOOK_SECRET'),
  }),
  ...mailProblems({
    nodeEnv: process.env.NODE_ENV,
    smtpHost: env.get('SMTP_HOST'),
    fromAddress: env.get('MAIL_FROM_ADDRESS'),
  }),
  ...documentKeyProblems({
    nodeEnv: process.env.NODE_ENV,
    documentKey: env.get('DOCUMENT_KEY')?.release(),
  }),
]
if (problems.length > 0) throw new Error(problems.join('; '))

export const appKey = env.get('APP_KEY') ?? new Secret(DEVELOPMENT_KEY)

export const port = env.get('PORT', 3000)

export const appUrl = env.get('APP_URL', `http://127.0.0.1:${port}`)

/*
 * A request's id when the proxy sent none: this process's random prefix and a counter, unique
 * across replicas and restarts, and cheaper than a random UUID per request.
 */
const processPrefix = randomBytes(6).toString('base64url')
let requestCount = 0

export const http = defineConfig({
  generateRequestId: true,
  createRequestId: () => `${processPrefix}-${(++requestCount).toString(36)}`,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  /* X-Forwarded-* is believed only from the proxies TRUST_PROXY names (none by default). */
  trustProxy: trustedProxies(env.get('TRUST_PROXY')),
  /* A URL that does not decode: refused in the error shape, in the caller's language. */
  onBadUrl: refuseBadUrl,
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
