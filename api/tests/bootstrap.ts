import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { createServer } from 'node:http'
import { KEEP_ALIVE_MS } from '#server/drain'
import { startPaymentSandbox, stopPaymentSandbox } from '#tests/payments'
import { startMailCatcher, stopMailCatcher } from '#tests/mail'

export const plugins: Config['plugins'] = [
  assert(),
  pluginAdonisJS(app),
  /* No session plugin: it writes only the memory store; tests send real sessions (helpers.ts `as`). */
  apiClient(),
]

/**
 * The suite starts from an empty database: everything is rolled back, then migrated.
 * Each test then runs inside a global transaction (see tests/helpers.ts). Card payments go
 * to a Moyasar sandbox of the run's own, on a free port (tests/payments.ts); e-mail to a mail
 * catcher of the run's own (tests/mail.ts).
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => testUtils.db().migrate(), () => startPaymentSandbox(), () => startMailCatcher()],
  teardown: [() => stopPaymentSandbox(), () => stopMailCatcher()],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (suite.name === 'functional') {
    /* Kept-alive connections last as long as the API's own server keeps them (bin/server.ts):
       with node's 5 s, the client reused a connection just as the server closed it, once, and
       its upload met a broken pipe (EPIPE) under load. */
    return suite.setup(() =>
      testUtils.httpServer().start((handler) => {
        const server = createServer(handler)
        server.keepAliveTimeout = KEEP_ALIVE_MS
        return server
      })
    )
  }
}
