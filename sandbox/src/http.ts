/*
 * Small HTTP helpers for the sandbox: bodies, answers in Moyasar's error shape, Basic auth
 * and CORS. Node's standard library only.
 */
import { type IncomingMessage, type ServerResponse } from 'node:http'

/** Moyasar's error answer: `{type, message, errors}`. */
export type ApiErrorType = 'invalid_request_error' | 'authentication_error' | 'api_error'
export type FieldErrors = Record<string, string[]>

/** Bodies above this size are refused (no payment request comes near it). */
const MAX_BODY_BYTES = 1024 * 1024

export class HttpError extends Error {
  status: number
  type: ApiErrorType
  errors: FieldErrors | null

  constructor(
    status: number,
    type: ApiErrorType,
    message: string,
    errors: FieldErrors | null = null
  ) {
    super(message)
    this.status = status
    this.type = type
    this.errors = errors
  }
}

export const notFound = () => new HttpError(404, 'invalid_request_error', 'Object not found', null)

export const unauthorized = (message = 'Invalid authorization credentials') =>
  new HttpError(401, 'authentication_error', message, null)

/** Reads the whole body as text (refusing very large bodies). */
export async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES)
      throw new HttpError(413, 'invalid_request_error', 'Request body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Reads a JSON object body; an empty body is `{}`. */
export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readText(request)
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'invalid_request_error', 'The request body is not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'invalid_request_error', 'The request body must be a JSON object')
  return value as Record<string, unknown>
}

/** Reads an `application/x-www-form-urlencoded` body (the 3-D Secure buttons). */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readText(request))
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  })
  response.end(text)
}

export function sendError(response: ServerResponse, error: HttpError): void {
  sendJson(response, error.status, {
    type: error.type,
    message: error.message,
    errors: error.errors,
  })
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
  })
  response.end(html)
}

/** The user name of an HTTP Basic `Authorization` header (Moyasar's key), or null. */
export function basicUser(request: IncomingMessage): string | null {
  const header = request.headers.authorization
  const match = header?.match(/^Basic\s+(\S+)$/i)
  if (!match?.[1]) return null
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon === -1 ? decoded : decoded.slice(0, colon)
}

export const CORS_ALLOW_METHODS = 'GET, POST, OPTIONS'
export const CORS_ALLOW_HEADERS = 'Content-Type, Authorization, X-Moyasar-Form-Version'
const CORS_MAX_AGE_SECONDS = '600'

/**
 * CORS headers for every answer: the request's own Origin when it is allowed (exact match),
 * nothing otherwise; preflights also get the methods, headers and max-age.
 */
export function applyCors(
  request: IncomingMessage,
  response: ServerResponse,
  allowed: ReadonlySet<string>
): void {
  response.setHeader('Vary', 'Origin')
  const origin = request.headers.origin
  if (origin && allowed.has(origin)) response.setHeader('Access-Control-Allow-Origin', origin)
  if (request.method === 'OPTIONS') {
    response.setHeader('Access-Control-Allow-Methods', CORS_ALLOW_METHODS)
    response.setHeader('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS)
    response.setHeader('Access-Control-Max-Age', CORS_MAX_AGE_SECONDS)
  }
}

/** `https://a.b:1/x?y` → `https://a.b:1`, or null when not an http(s) URL. */
export function httpOrigin(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null
  } catch {
    return null
  }
}
