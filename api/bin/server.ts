import type { Server as NodeServer } from 'node:http'
import type { PublicPages } from '#server/public_pages'

/*
 * HTTP server entry point: boots the application and listens on HOST:PORT.
 *
 * Besides the public server, an internal one on an ephemeral loopback port answers the
 * public pages' own reads of the API (site/src/lib/api.ts reads SAKAN_API_URL) and renders
 * the site without the page cache, for the cache (app/server/public_pages.ts), so that a
 * page still rendering while the replica drains can finish: on SIGTERM the public server
 * stops accepting first, then the internal one (app/server/drain.ts), then the page cache
 * stops and removes its folder.
 */
await import('reflect-metadata')
const { Ignitor, prettyPrintError } = await import('@adonisjs/core')

const { createServer } = await import('node:http')
const { frontDoor } = await import('#server/front_door')
const { Drain, KEEP_ALIVE_MS } = await import('#server/drain')

const APP_ROOT = new URL('../', import.meta.url)
const SITE_DIST = process.env.SITE_DIST ?? new URL('../../site/dist', import.meta.url).pathname
const BACKOFFICE_DIST =
  process.env.BACKOFFICE_DIST ?? new URL('../../backoffice/dist', import.meta.url).pathname

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

const drain = new Drain()
let apiHandler: Parameters<typeof frontDoor>[0] | undefined
let pages: PublicPages | undefined
let shuttingDown = false

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    const shutDown = async (signal: string) => {
      if (shuttingDown) return
      shuttingDown = true
      const { default: env } = await import('#start/env')
      const logger = await app.container.make('logger')
      logger.info('%s: draining %d requests in flight', signal, drain.inFlight)
      const cut = await drain.drain(env.get('SHUTDOWN_TIMEOUT_MS', 10_000))
      if (cut > 0) logger.warn('%d requests cut at the shutdown deadline', cut)
      await pages?.stop()
      /* Then the pools (database, Redis) close with the application. */
      await app.terminate()
    }
    app.listen('SIGTERM', () => shutDown('SIGTERM'))
    app.listen('SIGINT', () => shutDown('SIGINT'))
  })
  .httpServer()
  .start((handle) => {
    apiHandler = handle
    /* One origin: the API, the public site and the account pages on one port. */
    const server: NodeServer = createServer()
    server.keepAliveTimeout = KEEP_ALIVE_MS
    const site = frontDoor(handle, {
      siteDist: SITE_DIST,
      backofficeDist: BACKOFFICE_DIST,
      pages: () => pages?.cache,
    })
    server.on('request', drain.track(server, site))
    return server
  })
  .then(async () => {
    if (!apiHandler) return
    /* The loopback listener: the API, and the site rendered without the cache (for it). */
    const internal: NodeServer = createServer()
    const render = frontDoor(apiHandler, {
      siteDist: SITE_DIST,
      backofficeDist: BACKOFFICE_DIST,
      rendersForCache: true,
    })
    internal.on('request', drain.track(internal, render))
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve))
    const address = internal.address()
    if (!address || typeof address !== 'object') return
    const origin = `http://127.0.0.1:${address.port}`
    process.env.SAKAN_API_URL ||= origin
    const { startPublicPages } = await import('#server/public_pages')
    const { default: app } = await import('@adonisjs/core/services/app')
    const logger = await app.container.make('logger')
    pages = await startPublicPages({
      origin,
      log: (level, message) => logger[level](message),
    })
  })
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
