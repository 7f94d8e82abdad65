/*
 * Test runner entry point (Japa), run by `node ace test`.
 */
process.env.NODE_ENV = 'test'

import 'reflect-metadata'
import { prettyPrintError } from '@adonisjs/core'
import { configure, processCLIArgs, run } from '@japa/runner'
import { ignitor } from './ignitor.js'
import { reserveMailPorts } from '../tests/mail.js'

/* E-mail goes to a mail catcher of the run's own, set before the mailer's configuration is read. */
await reserveMailPorts()

ignitor()
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.js')

    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      setup: runnerHooks.setup,
      teardown: runnerHooks.teardown.concat([() => app.terminate()]),
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
