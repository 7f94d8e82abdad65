import { test } from '@japa/runner'
import { Writable } from 'node:stream'
import { Logger } from '@adonisjs/core/logger'
import logger from '@adonisjs/core/services/logger'
import loggerConfig from '#config/logger'
import User from '#models/user'
import { rateLimitedGroup } from '#tests/helpers'
import { signInNew } from '#tests/http'
import { emulatorSignUp } from '#tests/emulator'
import { scrubPersonalData } from '#server/log_privacy'

/*
 * The log holds no personal data. The suite's logger is silent; here the API's own logger
 * (its configuration: level aside, config/logger.ts) writes every level to memory while real
 * requests run over HTTP and the code logs failures that carry her details, and the lines
 * are scanned for her e-mail address, her name and her phone number.
 */
const PHONE = '+966 55 123 4567'

/** Routes the API's logger to memory at every level; answers the lines and a way back. */
function captureLog() {
  const lines: string[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  /* The logger service is the default logger itself (its manager); `use()` may hold another. */
  const targets = [logger, logger.use()] as unknown as { pino: Logger['pino'] }[]
  const originals = targets.map((target) => target.pino)
  const capture = new Logger({ ...loggerConfig.loggers.app, level: 'trace', destination: sink })
  for (const target of targets) target.pino = capture.pino
  return {
    lines,
    restore: () => targets.forEach((target, index) => (target.pino = originals[index]!)),
  }
}

rateLimitedGroup('Logs hold no personal data', (group) => {
  let log: ReturnType<typeof captureLog>
  group.each.setup(() => {
    log = captureLog()
    return () => log.restore()
  })

  test('sign-in, her profile and failures that name her: no e-mail, name or number in a line', async ({
    assert,
  }) => {
    const name = 'Maha Logline'
    const account = await emulatorSignUp(`maha.logline.${Date.now()}@example.com`, name)
    const { browser, login } = await signInNew(account, { displayName: name })
    assert.equal(login.status, 200)
    assert.equal((await browser.request('GET', `/api/auth/me?email=${account.email}`)).status, 200)
    const user = await User.findOrFail(login.body.id)

    /* What a library's error says of her: an SMTP refusal, a database's detail, a cause. */
    const smtp = Object.assign(new Error(`550 5.1.1 <${account.email}>: recipient rejected`), {
      response: `550 <${account.email}> unknown`,
      rejected: [account.email],
    })
    const database = Object.assign(new Error('duplicate key value'), {
      detail: `Key (email)=(${account.email}) already exists; phone ${PHONE}; ID 1098765432`,
      cause: new Error(`while saving ${account.email}`),
    })
    logger.error({ err: smtp, notification: 1 }, 'a notification will be retried')
    logger.warn({ err: database, user: { email: user.email, fullName: user.fullName } }, 'saved')
    logger.info({ email: user.email, phone: PHONE, username: user.username }, 'her details')
    /* As the exception handler reports a failure: its own message is the line's message. */
    const failure = new Error(
      `insert into users (email, phone) values ('${account.email}', '${PHONE}')`
    )
    logger.error({ err: failure }, failure.message)

    const text = log.lines.join('\n')
    assert.isAbove(log.lines.filter((line) => line.includes('"msg":"request"')).length, 1)
    assert.include(text, 'recipient rejected')
    assert.include(text, 'already exists')
    assert.include(text, 'insert into users (email, phone)')
    for (const secret of [account.email, name, user.username ?? name, '123 4567', '1098765432']) {
      assert.notInclude(text, secret)
    }
  })

  test('the scrub replaces e-mail addresses and phone or ID numbers, and keeps the rest', ({
    assert,
  }) => {
    assert.equal(
      scrubPersonalData(
        'to maha+x@mail.example.sa, tel 0551234567 or +966-55-123-4567; id 2123456789'
      ),
      'to [email], tel [number] or [number]; id [number]'
    )
    for (const kept of ['at file.ts:120:33 (room 48)', "at '2026-12-03 17:52:27', id 1234"]) {
      assert.equal(scrubPersonalData(kept), kept)
    }
  })
})
