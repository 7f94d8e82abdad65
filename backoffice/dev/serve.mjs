/**
 * Preview of the built back office (`npm run preview -w backoffice`), shaped like the
 * product's one origin: the app's paths come from `dist/` (history fallback to
 * index.html), everything else — `/api`, `/media`, the public site — is proxied to the
 * running product (SAKAN_API_URL, default http://127.0.0.1:3000).
 */
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import sirv from 'sirv'

const port = Number(process.env.PORT ?? 4173)
const host = process.env.HOST ?? '127.0.0.1'
const upstream = new URL(process.env.SAKAN_API_URL ?? 'http://127.0.0.1:3000')
const dist = fileURLToPath(new URL('../dist', import.meta.url))

/** The paths the product's front door sends to this app (see the README of backoffice/). */
const APP_PATH =
  /^\/(?:login|register|dashboard|my-data|maintenance|payment(?:\/.*)?|application\/.+|receipts\/.+|admin(?:\/.*)?)\/?$/

const assets = sirv(dist, { dev: true, etag: true })
const app = sirv(dist, { dev: true, single: true })

function proxy(req, res) {
  const forward = http.request(
    // The Host header is kept, as a reverse proxy would: the API's same-origin check
    // compares it with the browser's Origin.
    {
      hostname: upstream.hostname,
      port: upstream.port,
      path: req.url,
      method: req.method,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    }
  )
  forward.on('error', () => {
    res.writeHead(502, { 'content-type': 'text/plain' })
    res.end(`Bad gateway: ${upstream.origin} is not answering`)
  })
  req.pipe(forward)
}

http
  .createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path.startsWith('/_app/')) return assets(req, res, () => res.writeHead(404).end())
    if (APP_PATH.test(path)) return app(req, res)
    return proxy(req, res)
  })
  .listen(port, host, () => {
    console.log(
      `Back office preview on http://${host}:${port} (everything else from ${upstream.origin})`
    )
  })
