/**
 * Serves the built site the way the one-origin product server does, for development and
 * the browser tests until the product's `npm start` takes over:
 *
 *   1. `/api/*` and `/media/*` → proxied to SAKAN_API_URL (the API owns them);
 *   2. files from `dist/client` (pre-rendered pages and assets), `dir/index.html` for `dir`;
 *   3. everything else → Astro's handler (`dist/server/entry.mjs`, middleware mode), called
 *      without `next` so that it renders the localized 404 page itself.
 *
 *   SAKAN_API_URL=http://127.0.0.1:3100 PORT=4321 node dev/serve.mjs
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const port = Number(process.env.PORT ?? 4321)
const host = process.env.HOST ?? '127.0.0.1'
const api = new URL(process.env.SAKAN_API_URL ?? 'http://127.0.0.1:3000')
const clientDir = fileURLToPath(new URL('../dist/client/', import.meta.url))
// The site's on-demand pages read the API through the same variable.
process.env.SAKAN_API_URL = api.origin
const { handler } = await import(new URL('../dist/server/entry.mjs', import.meta.url).href)

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
}

function proxy(req, res) {
  const upstream = httpRequest(
    // The Host header stays the visitor's, as behind any reverse proxy: the API compares it with Origin.
    {
      hostname: api.hostname,
      port: api.port || 80,
      path: req.url,
      method: req.method,
      headers: req.headers,
    },
    (response) => {
      res.writeHead(response.statusCode ?? 502, response.headers)
      response.pipe(res)
    }
  )
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ message: 'API unavailable' }))
  })
  req.pipe(upstream)
}

/** The file a URL path names in dist/client, if any (never outside it). */
async function staticFile(pathname) {
  let decoded
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  const candidates = decoded.endsWith('/')
    ? [join(decoded, 'index.html')]
    : [decoded, join(decoded, 'index.html')]
  for (const candidate of candidates) {
    const file = normalize(join(clientDir, candidate))
    if (!file.startsWith(clientDir.endsWith(sep) ? clientDir : clientDir + sep)) return null
    try {
      const info = await stat(file)
      if (info.isFile()) return { file, size: info.size }
    } catch {
      // next candidate
    }
  }
  return null
}

const server = createServer(async (req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost')
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/media/'))
    return proxy(req, res)
  if (req.method === 'GET' || req.method === 'HEAD') {
    const found = await staticFile(pathname)
    if (found) {
      res.writeHead(200, {
        'content-type': TYPES[extname(found.file)] ?? 'application/octet-stream',
        'content-length': found.size,
        'cache-control': pathname.startsWith('/_astro/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      })
      if (req.method === 'HEAD') return res.end()
      return createReadStream(found.file).pipe(res)
    }
  }
  return handler(req, res)
})

server.listen(port, host, () =>
  console.log(`sakan site on http://${host}:${port} (API ${api.origin})`)
)
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)))
