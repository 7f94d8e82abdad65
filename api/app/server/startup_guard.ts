import proxyAddr from 'proxy-addr'

/**
 * The key development and tests run with, so a fresh clone starts with no set-up. It is
 * public (it is in this repository): nothing reachable from another machine may use it.
 */
export const DEVELOPMENT_KEY = 'sakan-development-key-not-for-production'

/** Production keys sign and encrypt cookies: shorter than this is guessable. */
export const MIN_APP_KEY_LENGTH = 32

export interface StartupSettings {
  nodeEnv: string | undefined
  /** The interface the server listens on (`HOST`). */
  host: string | undefined
  appKey: string | undefined
  emulatorHost: string | undefined
}

/** Loopback only: nothing but this machine can reach a server bound there. */
export function isLoopback(host: string | undefined): boolean {
  if (!host) return true
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare)
}

/**
 * Why the API must not start with these settings, or nothing. The development key and the
 * Auth emulator (which accepts unsigned tokens: anyone could sign in as anyone) are for
 * loopback only, whatever NODE_ENV says; production needs its own long key.
 */
export function startupProblems(settings: StartupSettings): string[] {
  const production = settings.nodeEnv === 'production'
  const exposed = !isLoopback(settings.host)
  const key = settings.appKey || undefined
  const problems: string[] = []

  if (production && !key) problems.push('APP_KEY must be set in production')
  else if (production && key!.length < MIN_APP_KEY_LENGTH)
    problems.push(`APP_KEY must be at least ${MIN_APP_KEY_LENGTH} characters in production`)
  if (exposed && (!key || key === DEVELOPMENT_KEY))
    problems.push(
      `APP_KEY must be set to a key of your own when HOST (${settings.host}) is not a loopback address`
    )
  if (key === DEVELOPMENT_KEY && production)
    problems.push('APP_KEY must not be the development key in production')

  if (settings.emulatorHost && production)
    problems.push('FIREBASE_AUTH_EMULATOR_HOST must not be set in production')
  else if (settings.emulatorHost && exposed)
    problems.push(
      `FIREBASE_AUTH_EMULATOR_HOST must not be set when HOST (${settings.host}) is not a loopback address`
    )
  return problems
}

/**
 * ID documents are encrypted with `DOCUMENT_KEY` (services/document_crypto.ts): production
 * needs a long key of its own (the development one is public).
 */
export function documentKeyProblems(settings: {
  nodeEnv: string | undefined
  documentKey: string | undefined
}): string[] {
  if (settings.nodeEnv !== 'production') return []
  if (!settings.documentKey) return ['DOCUMENT_KEY must be set in production']
  if (settings.documentKey.length < MIN_APP_KEY_LENGTH)
    return [`DOCUMENT_KEY must be at least ${MIN_APP_KEY_LENGTH} characters in production`]
  return []
}

/** `<NAME> must be set in production` for each of these settings that is empty, in order. */
function unsetInProduction(settings: Record<string, string | undefined>): string[] {
  return Object.entries(settings)
    .filter(([, value]) => !value)
    .map(([name]) => `${name} must be set in production`)
}

export interface GatewaySettings {
  nodeEnv: string | undefined
  secretKey: string | undefined
  publishableKey: string | undefined
  webhookSecret: string | undefined
}

/**
 * Why card payments cannot run in production with these settings: the gateway's secret key
 * and webhook token must be set (without the token anyone could post a forged event), and no
 * sandbox key (`*_sandbox`) may reach production.
 */
export function gatewayProblems(settings: GatewaySettings): string[] {
  if (settings.nodeEnv !== 'production') return []
  const problems = unsetInProduction({
    MOYASAR_SECRET_KEY: settings.secretKey,
    MOYASAR_WEBHOOK_SECRET: settings.webhookSecret,
  })
  for (const [name, key] of [
    ['MOYASAR_SECRET_KEY', settings.secretKey],
    ['MOYASAR_PUBLISHABLE_KEY', settings.publishableKey],
  ] as const) {
    if (key?.endsWith('_sandbox')) problems.push(`${name} must not be a sandbox key in production`)
  }
  return problems
}

/**
 * Which peers may tell us the client's address through `X-Forwarded-For`. None unless
 * `TRUST_PROXY` names them (`proxy-addr` syntax: addresses, CIDR ranges, or `loopback`,
 * `linklocal`, `uniquelocal`), so a spoofed header changes nothing by default.
 */
export function trustedProxies(setting: string | undefined): (address: string) => boolean {
  const list = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (list.length === 0) return () => false
  const trust = proxyAddr.compile(list)
  return (address: string) => trust(address, 0)
}

export interface MailSettings {
  nodeEnv: string | undefined
  smtpHost: string | undefined
  fromAddress: string | undefined
}

/**
 * Why e-mail cannot go out in production with these settings: without its own SMTP server
 * the API would hand every message to the local mail catcher (127.0.0.1:1025), which shows it
 * on a web page and delivers it to nobody; so production names a server beyond loopback and
 * the sender's address.
 */
export function mailProblems(settings: MailSettings): string[] {
  if (settings.nodeEnv !== 'production') return []
  const loopback = settings.smtpHost && isLoopback(settings.smtpHost)
  const problems = loopback
    ? [
        `SMTP_HOST (${settings.smtpHost}) must not be a loopback address in production: the local mail catcher delivers to nobody`,
      ]
    : []
  return problems.concat(
    unsetInProduction({ SMTP_HOST: settings.smtpHost, MAIL_FROM_ADDRESS: settings.fromAddress })
  )
}
