import app from '@adonisjs/core/services/app'
import { Bouncer } from '@adonisjs/bouncer'
import * as abilities from '#abilities/main'
import { policies } from '#policies/main'
import { lazyContextProperty } from '#server/request_context'
/* Declares `ctx.auth` (the middleware itself is not used: see below). */
import type {} from '@adonisjs/auth/initialize_auth_middleware'

/*
 * `ctx.auth` (the session guard's authenticator) and `ctx.bouncer` (for the session's user),
 * made when a request first reads them rather than by middleware on every request: an
 * anonymous read of the catalogue never does (issue 28). The auth manager is resolved once,
 * when the server starts.
 */
const authManager = await app.container.make('auth.manager')

lazyContextProperty('auth', (ctx) => authManager.createAuthenticator(ctx))

lazyContextProperty('bouncer', (ctx) =>
  new Bouncer(() => ctx.auth.user || null, abilities, policies).setContainerResolver(
    ctx.containerResolver
  )
)

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<
      Exclude<HttpContext['auth']['user'], undefined>,
      typeof abilities,
      typeof policies
    >
  }
}
