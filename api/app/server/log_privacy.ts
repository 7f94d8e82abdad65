import { stdSerializers } from '@adonisjs/core/logger'

/*
 * What keeps personal data out of the log (config/logger.ts). The code logs ids and codes, never
 * a person's details (the request line has no query string, body, cookie or address); this is
 * the net under that rule, for what a library puts in an error: an SMTP server's "recipient
 * rejected: maha@example.com", a database's "Key (email)=(…) already exists", a phone number or
 * an ID number inside a message.
 */

/** Fields that name or reach a person, wherever a log line's object carries them (one level deep too). */
const PERSONAL_FIELDS = [
  'email',
  'fullName',
  'full_name',
  'displayName',
  'username',
  'phone',
  'phoneNumber',
  'idNumber',
  'recipient',
]

/** pino's `redact` paths: the request's secrets, and the personal fields at the top and one level down. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...PERSONAL_FIELDS,
  ...PERSONAL_FIELDS.map((field) => `*.${field}`),
]

const EMAIL = /[^\s@"'<>()[\]{},;:=]+@[^\s@"'<>()[\]{},;:=]+\.[a-z]{2,}/gi
/**
 * A phone or ID number: an international number (`+` then nine digits or more, spaces or
 * dashes between them), a Saudi mobile (`05` then eight digits, spaced or not), or nine digits
 * or more in a row. Dates and times (`2026-12-03 17:52:27`) are none of these.
 */
const LONG_NUMBER = /\+\d(?:[\s-]?\d){8,}|\b05\d(?:[\s-]?\d){7}\b|\b\d{9,}\b/g

/** The text with every e-mail address and long number (phone, ID) replaced by a marker. */
export function scrubPersonalData(text: string): string {
  return text.replace(EMAIL, '[email]').replace(LONG_NUMBER, '[number]')
}

/** The depth of an error's causes followed: a loop of causes must not hang the logger. */
const MAX_CAUSES = 5

/**
 * pino's standard error serializer, then every string it kept (message, stack, a database's
 * `detail`, an SMTP `response`, the causes' too) scrubbed of e-mail addresses and long numbers.
 */
export function privateErrorSerializer(error: unknown): unknown {
  const serialized = stdSerializers.err(error as Error) as unknown
  return scrub(serialized, 0)
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubPersonalData(value)
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth))
  if (value && typeof value === 'object') {
    if (depth > MAX_CAUSES) return '[deeper causes left out]'
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, scrub(item, depth + 1)])
    )
  }
  return value
}

/**
 * pino's `logMethod` hook: a line's message texts scrubbed as an error's are. The exception
 * handler logs an error with its own message as the line's message (a database's message
 * carries the statement and its values).
 */
export function scrubMessages(this: unknown, args: Parameters<LogMethod>, method: LogMethod): void {
  const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubPersonalData(arg) : arg))
  method.apply(this, scrubbed as Parameters<LogMethod>)
}

type LogMethod = (...args: unknown[]) => void
