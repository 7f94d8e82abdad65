import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { HttpContext } from '@adonisjs/core/http'
import { HttpContextFactory, RequestFactory, ResponseFactory } from '@adonisjs/core/factories/http'
import PublicCacheMiddleware, {
  PUBLIC_CACHE_CONTROL,
  strongEtag,
} from '#middleware/public_cache_middleware'
import { rawGet } from '#tests/http'

/*
 * The middleware on its own, behind a real socket, with actions answering each kind of body
 * it must handle: an object (today's controllers), a pre-built JSON string (what the
 * faster controllers return) and bytes. The functional suite covers the real routes.
 */
type Action = (ctx: HttpContext) => void

function serve(action: Action): Promise<Server> {
  const middleware = new PublicCacheMiddleware()
  const server = createServer(async (req, res) => {
    const ctx = new HttpContextFactory()
      .merge({
        request: new RequestFactory().merge({ req, res }).create(),
        response: new ResponseFactory().merge({ req, res }).create(),
      })
      .create()
    ctx.i18n = { locale: 'ar' } as HttpContext['i18n']
    await middleware.handle(ctx, async () => action(ctx))
    ctx.response.finish()
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** The answer at `/`, its body as text. */
async function fetchRaw(server: Server, headers: Record<string, string> = {}) {
  const { port } = server.address() as AddressInfo
  const answer = await rawGet(`http://127.0.0.1:${port}/`, headers)
  return { ...answer, body: answer.body.toString('utf8') }
}

test.group('Public cache middleware', (group) => {
  let server: Server | undefined
  group.each.teardown(async () => {
    await new Promise((resolve) => server?.close(resolve))
    server = undefined
  })

  test('a pre-built JSON string: hashed and written as is, its content type kept', async ({
    assert,
  }) => {
    const prebuilt = '[{"id":1,"name":"غرفة"}]'
    server = await serve(({ response }) => {
      response.header('Content-Type', 'application/json; charset=utf-8')
      response.header('X-Total-Count', '7')
      response.send(prebuilt)
    })
    const first = await fetchRaw(server)
    assert.equal(first.status, 200)
    assert.equal(first.body, prebuilt)
    assert.equal(first.headers['content-type'], 'application/json; charset=utf-8')
    assert.equal(first.headers.etag, strongEtag(prebuilt, '7'))
    assert.equal(first.headers['cache-control'], PUBLIC_CACHE_CONTROL)
    assert.equal(first.headers['content-language'], 'ar')
    assert.equal(first.headers.vary, 'X-Locale, Accept-Language')

    const again = await fetchRaw(server, { 'if-none-match': first.headers.etag! })
    assert.equal(again.status, 304)
    assert.equal(again.body, '')
    assert.isUndefined(again.headers['content-type'])
  })

  test('an object: serialised once, the ETag of exactly the bytes sent', async ({ assert }) => {
    server = await serve(({ response }) => response.send({ id: 1, price: 1500 }))
    const answer = await fetchRaw(server)
    assert.equal(answer.body, '{"id":1,"price":1500}')
    assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8')
    assert.equal(answer.headers.etag, strongEtag(answer.body))
  })

  test('bytes: hashed as bytes', async ({ assert }) => {
    const bytes = Buffer.from('{"id":2}')
    server = await serve(({ response }) => {
      response.header('Content-Type', 'application/json')
      response.send(bytes)
    })
    const answer = await fetchRaw(server)
    assert.equal(answer.body, '{"id":2}')
    assert.equal(answer.headers.etag, strongEtag(bytes))
  })

  test('anything but a 200 is left alone', async ({ assert }) => {
    server = await serve(({ response }) => response.status(404).send({ message: 'Not found' }))
    const answer = await fetchRaw(server)
    assert.equal(answer.status, 404)
    assert.isUndefined(answer.headers.etag)
    assert.isUndefined(answer.headers['cache-control'])
  })
})
