import { test } from '@japa/runner'
import {
  DEVELOPMENT_KEY,
  documentKeyProblems,
  gatewayProblems,
  isLoopback,
  startupProblems,
  trustedProxies,
} from '#server/startup_guard'

const OWN_KEY = 'k'.repeat(32)

test.group('Start-up rules', () => {
  test('production needs the gateway’s secret key and webhook token, and no sandbox key', ({
    assert,
  }) => {
    const live = {
      secretKey: 'sk_live_abc',
      publishableKey: 'pk_live_abc',
      webhookSecret: 'a-long-webhook-token',
    }
    assert.deepEqual(gatewayProblems({ nodeEnv: 'production', ...live }), [])
    assert.deepEqual(
      gatewayProblems({
        nodeEnv: 'production',
        secretKey: undefined,
        publishableKey: undefined,
        webhookSecret: '',
      }),
      [
        'MOYASAR_SECRET_KEY must be set in production',
        'MOYASAR_WEBHOOK_SECRET must be set in production',
      ]
    )
    assert.deepEqual(
      gatewayProblems({
        nodeEnv: 'production',
        ...live,
        secretKey: 'sk_test_sandbox',
        publishableKey: 'pk_test_sandbox',
      }),
      [
        'MOYASAR_SECRET_KEY must not be a sandbox key in production',
        'MOYASAR_PUBLISHABLE_KEY must not be a sandbox key in production',
      ]
    )
    for (const nodeEnv of ['development', 'test', undefined])
      assert.deepEqual(
        gatewayProblems({
          nodeEnv,
          secretKey: undefined,
          publishableKey: 'pk_test_sandbox',
          webhookSecret: undefined,
        }),
        [],
        String(nodeEnv)
      )
  })

  test('loopback is 127.0.0.0/8, ::1 and localhost; nothing else', ({ assert }) => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', undefined])
      assert.isTrue(isLoopback(host), String(host))
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'sakan.example', '128.0.0.1'])
      assert.isFalse(isLoopback(host), host)
  })

  test('development on loopback needs nothing', ({ assert }) => {
    assert.deepEqual(
      startupProblems({
        nodeEnv: 'development',
        host: '127.0.0.1',
        appKey: undefined,
        emulatorHost: '127.0.0.1:9099',
      }),
      []
    )
  })

  test('beyond loopback, whatever NODE_ENV says: no development key, no emulator', ({ assert }) => {
    for (const nodeEnv of ['development', 'test', undefined]) {
      const problems = startupProblems({
        nodeEnv,
        host: '0.0.0.0',
        appKey: undefined,
        emulatorHost: '127.0.0.1:9099',
      })
      assert.lengthOf(problems, 2, String(nodeEnv))
      assert.match(problems[0]!, /APP_KEY must be set to a key of your own/)
      assert.match(problems[1]!, /FIREBASE_AUTH_EMULATOR_HOST must not be set/)
      assert.lengthOf(
        startupProblems({ nodeEnv, host: '0.0.0.0', appKey: DEVELOPMENT_KEY, emulatorHost: '' }),
        1
      )
      assert.deepEqual(
        startupProblems({ nodeEnv, host: '0.0.0.0', appKey: OWN_KEY, emulatorHost: undefined }),
        []
      )
    }
  })

  test('production needs its own key of at least 32 characters and no emulator', ({ assert }) => {
    const production = (appKey?: string, emulatorHost?: string) =>
      startupProblems({ nodeEnv: 'production', host: '127.0.0.1', appKey, emulatorHost })
    assert.deepEqual(production(undefined), ['APP_KEY must be set in production'])
    assert.deepEqual(production('short-key'), [
      'APP_KEY must be at least 32 characters in production',
    ])
    assert.include(
      production(DEVELOPMENT_KEY),
      'APP_KEY must not be the development key in production'
    )
    assert.deepEqual(production(OWN_KEY, '127.0.0.1:9099'), [
      'FIREBASE_AUTH_EMULATOR_HOST must not be set in production',
    ])
    assert.deepEqual(production(OWN_KEY), [])
  })

  test('X-Forwarded-For is believed from no one by default, and from TRUST_PROXY when set', ({
    assert,
  }) => {
    const none = trustedProxies(undefined)
    for (const peer of ['127.0.0.1', '::1', '10.1.2.3', '172.20.0.4', '192.168.0.9'])
      assert.isFalse(none(peer), peer)
    assert.isFalse(trustedProxies(' , ')('127.0.0.1'))

    const network = trustedProxies('172.28.0.0/24, 10.0.0.7')
    assert.isTrue(network('172.28.0.12'))
    assert.isTrue(network('10.0.0.7'))
    assert.isFalse(network('172.28.1.12'))
    assert.isFalse(network('127.0.0.1'))
    assert.isTrue(trustedProxies('loopback')('127.0.0.1'))
  })

  test('production needs its own document key of at least 32 characters', ({ assert }) => {
    const problems = (nodeEnv: string, documentKey?: string) =>
      documentKeyProblems({ nodeEnv, documentKey })
    assert.deepEqual(problems('production'), ['DOCUMENT_KEY must be set in production'])
    assert.deepEqual(problems('production', 'short'), [
      'DOCUMENT_KEY must be at least 32 characters in production',
    ])
    assert.deepEqual(problems('production', OWN_KEY), [])
    assert.deepEqual(problems('development'), [])
  })
})
