import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import app from '@adonisjs/core/services/app'

/* Boots the real application in a child process with a given environment. */
function boot(env: Record<string, string | undefined>) {
  /* migration:status boots the whole application (config included) and only reads. */
  return spawnSync(process.execPath, ['ace', 'migration:status'], {
    cwd: app.appRoot.pathname,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SQLITE_FILE: 'tmp/guard.sqlite3',
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

/* What production needs besides its key: the card gateway's live settings. */
const PRODUCTION_GATEWAY = {
  APP_KEY: 'a-production-key-of-sufficient-length-123',
  MOYASAR_SECRET_KEY: 'sk_live_guard_test',
  MOYASAR_PUBLISHABLE_KEY: 'pk_live_guard_test',
  MOYASAR_WEBHOOK_SECRET: 'a-webhook-token-for-the-guard-test',
  SMTP_HOST: 'smtp.example.com',
  MAIL_FROM_ADDRESS: 'hello@example.com',
  DOCUMENT_KEY: 'a-document-key-of-sufficient-length-4567',
}

test.group('Production guard', () => {
  /* Settings it refuses to start with, and what it says about each. */
  test('{title}')
    .with([
      {
        title: 'the API refuses to start in production while the Auth emulator is configured',
        env: {
          NODE_ENV: 'production',
          APP_KEY: 'a-production-key-of-sufficient-length-123',
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        },
        reasons: ['FIREBASE_AUTH_EMULATOR_HOST must not be set in production'],
      },
      {
        title: 'the API refuses to start in production without its own APP_KEY',
        env: { NODE_ENV: 'production' },
        reasons: ['APP_KEY must be set in production'],
      },
      {
        title: 'the API refuses a production APP_KEY shorter than 32 characters',
        env: { NODE_ENV: 'production', APP_KEY: 'too-short-a-key' },
        reasons: ['APP_KEY must be at least 32 characters in production'],
      },
      {
        title:
          'outside loopback the development key and the emulator are refused, even in development',
        env: {
          NODE_ENV: 'development',
          HOST: '0.0.0.0',
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        },
        reasons: [
          'APP_KEY must be set to a key of your own',
          'FIREBASE_AUTH_EMULATOR_HOST must not be set',
        ],
      },
      {
        title: 'production refuses the payment sandbox’s keys and a missing webhook token',
        env: {
          ...PRODUCTION_GATEWAY,
          NODE_ENV: 'production',
          MOYASAR_SECRET_KEY: 'sk_test_sandbox',
          MOYASAR_WEBHOOK_SECRET: undefined,
        },
        reasons: [
          'MOYASAR_SECRET_KEY must not be a sandbox key in production',
          'MOYASAR_WEBHOOK_SECRET must be set in production',
        ],
      },
      {
        title: 'production refuses the local mail catcher as its SMTP server',
        env: { ...PRODUCTION_GATEWAY, NODE_ENV: 'production', SMTP_HOST: '127.0.0.1' },
        reasons: ['SMTP_HOST (127.0.0.1) must not be a loopback address in production'],
      },
      {
        title: 'production refuses to start without an SMTP server and a sender',
        env: {
          ...PRODUCTION_GATEWAY,
          NODE_ENV: 'production',
          SMTP_HOST: undefined,
          MAIL_FROM_ADDRESS: undefined,
        },
        reasons: [
          'SMTP_HOST must be set in production',
          'MAIL_FROM_ADDRESS must be set in production',
        ],
      },
    ])
    .run(({ assert }, { env, reasons }) => {
      const result = boot(env)
      assert.notEqual(result.status, 0)
      const output = result.stdout + result.stderr
      for (const reason of reasons) assert.include(output, reason)
    })
    .timeout(60_000)

  test('development on loopback boots with the development key and the emulator', ({ assert }) => {
    const result = boot({ NODE_ENV: 'development', HOST: '127.0.0.1' })
    assert.equal(result.status, 0, result.stderr)
  }).timeout(60_000)

  test('production with a key and no emulator boots', ({ assert }) => {
    const result = boot({ NODE_ENV: 'production', ...PRODUCTION_GATEWAY })
    assert.equal(result.status, 0, result.stderr)
  }).timeout(60_000)
})
