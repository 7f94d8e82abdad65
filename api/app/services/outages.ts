/*
 * Failures that mean "a part we depend on is down right now" (the database, Redis, a disk
 * full), as opposed to a fault of ours: the handler answers them 503 (507 for a full disk) in
 * the caller's language, and the client may try again later (ARCHITECTURE.md, Faults survived).
 */

/** Network errors of a connection to PostgreSQL, Redis or another service. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
])

/* PostgreSQL's: the server is shutting down, starting, or out of connections. */
const POSTGRES_DOWN = new Set(['57P01', '57P02', '57P03', '53300'])

/* node-postgres's and ioredis's own errors for a connection lost or never made (no code);
   Knex puts the statement before the driver's message, ` - ` between. */
const DOWN_MESSAGES = [
  /(^| - )Connection terminated/,
  /(^| - )Client has encountered a connection error/,
  /^Command timed out/,
  /^Connection is closed/,
  /^Stream isn't writeable/,
]

/* No room left where an upload is written (a full disk, a quota, a file-size limit). */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG'])

/** Whether `error` says the database, Redis or a service we call is unreachable. */
export function isServiceDown(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = String((error as { code?: unknown }).code ?? '')
  if (CONNECTION_CODES.has(code) || POSTGRES_DOWN.has(code)) return true
  /* SQLSTATE class 08: connection exception. */
  if (/^08[0-9A-Z]{3}$/.test(code)) return true
  /* Knex found no connection in time; ioredis gave up on a call while disconnected. */
  if (error.name === 'KnexTimeoutError' || error.name === 'MaxRetriesPerRequestError') return true
  return DOWN_MESSAGES.some((pattern) => pattern.test(error.message))
}

/** Whether `error` is a write that found no room left. */
export function isDiskFull(error: unknown): boolean {
  return DISK_FULL.has(String((error as { code?: unknown } | null)?.code ?? ''))
}
