/*
 * HTTP clients for tests: `rawGet`, a GET read byte for byte, and `Browser`, a tiny
 * browser-like client for flows where the real cookies matter: it keeps the cookies the
 * server sets and sends them back, and sends our Origin on writes; `signInNew`, one signed in.
 */
import { get, type IncomingHttpHeaders } from 'node:http'
import env from '#start/env'

/**
 * A GET read byte for byte, its headers as the server wrote them. Not fetch(): it would
 * decompress behind our back, and given If-None-Match it also sends `Cache-Control: no-cache`
 * (the Fetch standard's reload), which rightly forbids a 304.
 */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      get(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          })
        )
      }).on('error', reject)
    }
  )
}

export class Browser {
  readonly origin = `http://${env.get('HOST', '127.0.0.1')}:${env.get('PORT', 3000)}`
  private cookies = new Map<string, string>()

  async request(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {}
  ) {
    const response = await this.send(method, path, options)
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : null,
    }
  }

  /** The request sent as `request` sends it, its answer's body left unread (a file's bytes). */
  async send(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {}
  ) {
    const headers: Record<string, string> = { ...options.headers }
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    if (method !== 'GET' && !('origin' in headers)) headers.origin = this.origin
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    for (const [name, value] of Object.entries(headers))
      if (value === undefined) delete headers[name]
    const response = await fetch(this.origin + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';')
      const [name, ...value] = pair!.split('=')
      const expired = attributes.some((attribute) =>
        /max-age=0|expires=thu, 01 jan 1970/i.test(attribute.trim())
      )
      if (expired) this.cookies.delete(name!.trim())
      else this.cookies.set(name!.trim(), value.join('='))
    }
    return response
  }

  cookieNames(): string[] {
    return [...this.cookies.keys()]
  }

  /** Another browser holding a copy of this one's cookies (a copied, or stolen, cookie). */
  copy(): Browser {
    const other = new Browser()
    for (const [name, value] of this.cookies) other.cookies.set(name, value)
    return other
  }

  /** Signs in with an emulator account's ID token. */
  signIn(
    account: { uid: string; email: string; idToken: string },
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {}
  ) {
    return this.request('POST', '/api/auth/firebase-login', {
      headers: { authorization: `Bearer ${account.idToken}`, ...headers },
      body: { uid: account.uid, email: account.email, displayName: null, photoURL: null, ...extra },
    })
  }
}

/** A new browser signed in with an emulator account: the browser and the sign-in's answer. */
export async function signInNew(
  account: { uid: string; email: string; idToken: string },
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {}
) {
  const browser = new Browser()
  return { browser, login: await browser.signIn(account, extra, headers) }
}
