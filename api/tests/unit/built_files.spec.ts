import { test } from '@japa/runner'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import sirv from 'sirv'
import { builtFiles } from '#server/built_files'

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void

/** A small build: a page, a hashed script with its compressed forms, a large file, a dotfile. */
function build(): string {
  const folder = mkdtempSync(join(tmpdir(), 'sakan-built-files-'))
  const page = 'export const page = 1'
  const files: Record<string, string | Buffer> = {
    'index.html': '<!doctype html><title>app</title>',
    'en/privacy.html': '<!doctype html><title>privacy</title>',
    'en/about/index.html': '<!doctype html><title>about</title>',
    '_app/page.js': page,
    '_app/page.js.br': brotliCompressSync(page),
    '_app/page.js.gz': gzipSync(page),
    'large.css': 'x'.repeat(2048),
    '.sakan-build': 'stamp',
  }
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true })
    writeFileSync(join(folder, name), content)
  }
  return folder
}

const setHeaders = (response: ServerResponse, pathname: string) =>
  response.setHeader('Cache-Control', pathname.startsWith('/_app/') ? 'immutable' : 'no-cache')

const notFound = (response: ServerResponse) => {
  response.statusCode = 404
  response.end('none')
}

/** sirv alone, or the kept files in front of it (bounded so that `large.css` stays on disk). */
async function serve(folder: string, kept: boolean): Promise<Server> {
  const streamed = sirv(folder, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    single: true,
    extensions: ['html'],
    setHeaders,
  }) as Middleware
  const handler = kept
    ? builtFiles(
        folder,
        { single: true, setHeaders, limits: { maxFileBytes: 1024, maxTotalBytes: 4096 } },
        streamed
      )
    : streamed
  const server = createServer((request, response) =>
    handler(request, response, () => notFound(response))
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

async function answer(server: Server, path: string, headers: Record<string, string> = {}) {
  const port = (server.address() as AddressInfo).port
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers })
  const kept = [
    'cache-control',
    'content-encoding',
    'content-length',
    'content-type',
    'etag',
    'last-modified',
    'vary',
  ]
  return {
    status: response.status,
    headers: Object.fromEntries(kept.map((name) => [name, response.headers.get(name)])),
    body: await response.text(),
  }
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve))

test.group('Built files from memory', () => {
  test('answer as sirv does: lookup, forms by Accept-Encoding, headers, 304, the app’s index', async ({
    assert,
  }) => {
    const folder = build()
    const [memory, disk] = await Promise.all([serve(folder, true), serve(folder, false)])
    try {
      const cases: [string, Record<string, string>][] = [
        ['/', {}],
        ['/en/privacy', {}],
        ['/en/privacy.html', {}],
        ['/en/about/', {}],
        ['/_app/page.js', { 'accept-encoding': 'br' }],
        ['/_app/page.js', { 'accept-encoding': 'gzip' }],
        ['/_app/page.js', { 'accept-encoding': 'identity' }],
        ['/_app/page.js?v=1', {}],
        ['/large.css', {}],
        ['/login', {}],
        ['/_app/missing.js', {}],
        ['/.sakan-build', {}],
      ]
      for (const [path, headers] of cases) {
        const expected = await answer(disk, path, headers)
        assert.deepEqual(await answer(memory, path, headers), expected, path)
      }
      const etag = (await answer(disk, '/_app/page.js', { 'accept-encoding': 'br' })).headers.etag!
      const fresh = await answer(memory, '/_app/page.js', {
        'accept-encoding': 'br',
        'if-none-match': etag,
      })
      assert.equal(fresh.status, 304)
      assert.equal(fresh.body, '')
    } finally {
      await Promise.all([close(memory), close(disk)])
      rmSync(folder, { recursive: true, force: true })
    }
  })

  test('a kept file outlives its build on disk; a file past the bounds is read from disk', async ({
    assert,
  }) => {
    const folder = build()
    const memory = await serve(folder, true)
    try {
      rmSync(join(folder, '_app'), { recursive: true })
      rmSync(join(folder, 'index.html'))
      const script = await answer(memory, '/_app/page.js', { 'accept-encoding': 'br' })
      assert.equal(script.status, 200)
      assert.equal(script.headers['content-encoding'], 'br')
      assert.equal(script.body, 'export const page = 1')
      assert.equal((await answer(memory, '/dashboard')).body, '<!doctype html><title>app</title>')
      /* 2 kB: above the 1 kB a file may keep in memory, so it is read from disk as it is now. */
      writeFileSync(join(folder, 'large.css'), 'y'.repeat(2048))
      assert.equal((await answer(memory, '/large.css')).body, 'y'.repeat(2048))
    } finally {
      await close(memory)
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
