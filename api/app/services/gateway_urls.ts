/**
 * Where the card gateway answers when `MOYASAR_BASE_URL` is unset: Moyasar in production, the
 * local sandbox otherwise. Imports nothing, so the security headers (read while the
 * configuration loads) and the gateway share the one default.
 */
export const GATEWAY_URLS = {
  production: 'https://api.moyasar.com',
  sandbox: 'http://127.0.0.1:4010',
} as const
