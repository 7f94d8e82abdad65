import app from '@adonisjs/core/services/app'
import { errors as vineErrors } from '@vinejs/vine'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { ErrorBody, FieldError } from '@sakan/common'
import { isDiskFull, isServiceDown } from '#services/outages'
import FieldRefusalException from '#exceptions/field_refusal_exception'

/* Drive's (flydrive's) errors when the storage fails to read, write or look up a file. */
const STORAGE_FAILURES = new Set([
  'E_CANNOT_WRITE_FILE',
  'E_CANNOT_READ_FILE',
  'E_CANNOT_DELETE_FILE',
  'E_CANNOT_DELETE_DIRECTORY',
  'E_CANNOT_COPY_FILE',
  'E_CANNOT_MOVE_FILE',
  'E_CANNOT_CHECK_FILE_EXISTENCE',
  'E_CANNOT_GET_METADATA',
  'E_CANNOT_SET_VISIBILITY',
])

/** zlib's errors while the body parser inflates a compressed body (`Content-Encoding: gzip`). */
const INFLATE_FAILURES = new Set(['Z_DATA_ERROR', 'Z_BUF_ERROR', 'Z_NEED_DICT'])

/** Database constraint violations that mean "this conflicts with what is stored". */
const UNIQUE_VIOLATIONS = new Set([
  '23505',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
])

/** The values a refusal's catalogue text is written with, in the caller's locale. */
type MessageValues = (locale: string) => Record<string, unknown>

export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = false

  async handle(error: unknown, ctx: HttpContext) {
    const { status, body } = this.describe(error, ctx)
    if (error instanceof Error && 'getDefaultHeaders' in error) {
      const headers = (
        error as { getDefaultHeaders(): Record<string, unknown> }
      ).getDefaultHeaders()
      for (const [name, value] of Object.entries(headers)) ctx.response.header(name, String(value))
    }
    return ctx.response.status(status).json(body)
  }

  /** Turns any failure into a status and the error shape, in the caller's language. */
  private describe(error: unknown, ctx: HttpContext): { status: number; body: ErrorBody } {
    const i18n = ctx.i18n
    /* Our own exceptions carry a catalogue key; a framework's English message is kept as is. */
    const t = (key: string) => i18n.t(key, undefined, key)

    if (error instanceof FieldRefusalException) {
      /* A service's refusal on one field: answered as the validator's own, in her language. */
      const message = i18n.t(error.messageKey, error.values(i18n.locale))
      const refusal = [{ field: error.field, rule: 'database', message }]
      return this.describe(new vineErrors.E_VALIDATION_ERROR(refusal), ctx)
    }
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const errors = (error.messages as FieldError[]).map(({ field, rule, message }) => ({
        field,
        rule,
        message,
      }))
      return {
        status: 422,
        body: { message: errors[0]?.message ?? t('errors.validation'), errors },
      }
    }

    const code = (error as { code?: unknown }).code
    const status = (error as { status?: unknown }).status

    if (code === 'E_ROUTE_NOT_FOUND' || code === 'E_ROW_NOT_FOUND') {
      return { status: 404, body: { message: t('errors.notFound') } }
    }
    if (code === 'E_UNAUTHORIZED_ACCESS') {
      return { status: 401, body: { message: t('errors.unauthenticated') } }
    }
    if (code === 'E_AUTHORIZATION_FAILURE') {
      return { status: 403, body: { message: t('errors.forbidden') } }
    }
    if (code === 'E_TOO_MANY_REQUESTS') {
      return { status: 429, body: { message: t('errors.tooManyRequests') } }
    }
    if (
      typeof code === 'string' &&
      INFLATE_FAILURES.has(code) &&
      ctx.request.header('content-encoding')
    ) {
      /* A body whose bytes are not what its Content-Encoding says: the client's error. */
      return { status: 400, body: { message: t('errors.badRequest') } }
    }
    if (typeof code === 'string' && UNIQUE_VIOLATIONS.has(code)) {
      return { status: 409, body: { message: t('errors.conflict') } }
    }
    if (typeof code === 'string' && STORAGE_FAILURES.has(code)) {
      /* The file storage (a disk, S3) did not do what was asked: nothing was recorded. */
      return { status: 503, body: { message: t('errors.unavailable') } }
    }
    if (code === 'E_INSUFFICIENT_STORAGE' || isDiskFull(error)) {
      /* No room left for an upload: nothing was recorded, and nothing half-written is kept. */
      return { status: 507, body: { message: t('errors.insufficientStorage') } }
    }
    if (isServiceDown(error) || code === 'E_IDENTITY_UNAVAILABLE') {
      /* The database, Redis or Firebase is away (restarting, say): try again later; nothing
         was done. */
      return { status: 503, body: { message: t('errors.unavailable') } }
    }
    if (code === 'E_GATEWAY_UNAVAILABLE') {
      return { status: 502, body: { message: t('payments.gatewayUnavailable') } }
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      /*
       * Our own exceptions carry a catalogue key as their message. A framework's message is
       * English written for developers ("Invalid JSON, only supports object and array", a
       * JSON parser's SyntaxError): the catalogue's message for its status is answered instead.
       */
      const raw = error instanceof Error ? error.message : ''
      /* A refusal that names a fact (a date) gives it per locale: `messageValues(locale)`. */
      const values = (error as { messageValues?: MessageValues }).messageValues?.(i18n.locale)
      const say = values ? (key: string) => i18n.t(key, values, key) : t
      return { status, body: { message: httpMessage(status, raw, i18n.hasMessage(raw), say) } }
    }
    if (!app.inProduction && error instanceof Error) {
      return { status: 500, body: { message: `${t('errors.internal')} (${error.message})` } }
    }
    return { status: 500, body: { message: t('errors.internal') } }
  }
}

/** The message of a 4xx: our own exception's, else the catalogue's for its status, in her language. */
function httpMessage(
  status: number,
  message: string,
  inCatalogue: boolean,
  t: (key: string) => string
): string {
  if (status === 413) return t('errors.tooLarge')
  if (status === 415) return t('errors.unsupportedMediaType')
  if (inCatalogue) return t(message)
  return t(STATUS_MESSAGES[status] ?? 'errors.badRequest')
}

/** The catalogue's message for a framework's refusal, by status (400 and any other: badRequest). */
const STATUS_MESSAGES: Record<number, string> = {
  401: 'errors.unauthenticated',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  409: 'errors.conflict',
  422: 'errors.validation',
  429: 'errors.tooManyRequests',
}
