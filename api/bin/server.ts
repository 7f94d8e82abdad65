/*
 * HTTP server entry point: boots the application and listens on HOST:PORT.
 */
await import('reflect-metadata')
const { Ignitor, prettyPrintError } = await import('@adonisjs/core')

const { createServer } = await import('node:http')
const { frontDoor } = await import('#services/front_door')

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

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listen('SIGINT', () => app.terminate())
  })
  .httpServer()
  .start((handle) => {
    /* One origin: the API, the public site and the account pages on one port. */
    return createServer(frontDoor(handle, { siteDist: SITE_DIST, backofficeDist: BACKOFFICE_DIST }))
  })
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
