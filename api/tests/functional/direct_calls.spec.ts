import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import { inject } from '@adonisjs/core'
import type { Logger } from '@adonisjs/core/logger'
import type User from '#models/user'
import { UserFactory } from '../../../database/factories/index.js'
import { as, isolateEachTest } from '#tests/helpers'
import { directlyCalled, injectsNothing } from '../../providers/direct_calls_provider.js'

/*
 * providers/direct_calls_provider.ts calls the listed middleware and controllers on one
 * instance each, by replacing the `handle` of the entries the server and the router run. These
 * fail when the framework's internals it relies on change: the server would then resolve the
 * classes through the container again on every request (or the provider would construct a
 * class the container should inject into).
 */

/** Every listed class on its path: anonymous reads, a refused call, an administrator's refusal. */
async function callEveryPath(client: ApiClient, tenant: User) {
  const statuses = []
  for (const path of ['/api/health', '/api/config', '/api/rooms', '/api/rooms/1', '/api/reviews'])
    statuses.push((await client.get(path)).status())
  statuses.push((await client.get('/api/auth/me')).status())
  statuses.push((await as(client.get('/api/auth/me'), tenant)).status())
  statuses.push((await as(client.get('/api/admin/stats'), tenant)).status())
  statuses.push((await as(client.post('/api/auth/logout').json({}), tenant)).status())
  return statuses
}

test.group('Direct calls provider: the framework internals it relies on', (group) => {
  isolateEachTest(group)

  test('the listed middleware and controllers are not resolved per request', async ({
    client,
    assert,
  }) => {
    const tenant = await UserFactory.create()
    /* The first calls find each entry's instance. */
    const first = await callEveryPath(client, tenant)

    const resolved: string[] = []
    for (const listed of await directlyCalled()) {
      const Class = listed as new (...args: any[]) => object
      app.container.resolving(Class, () => {
        resolved.push(Class.name)
      })
    }
    const again = await callEveryPath(client, await UserFactory.create())

    assert.deepEqual(again, first)
    assert.includeMembers(first, [200, 401, 403])
    assert.deepEqual(resolved, [])
  })

  test('a class the container injects into is left to the container', ({ assert }) => {
    @inject()
    class Injected {
      constructor(public logger: Logger) {}
      handle() {}
    }
    class Method {
      @inject()
      handle(logger: Logger) {
        return logger
      }
    }
    class Plain {
      handle() {}
    }
    assert.isFalse(injectsNothing(Injected, 'handle'))
    assert.isFalse(injectsNothing(Method, 'handle'))
    assert.isTrue(injectsNothing(Plain, 'handle'))
  })

  test('no listed class has the container inject anything', async ({ assert }) => {
    for (const listed of await directlyCalled()) {
      const name = (listed as { name: string }).name
      assert.isTrue(injectsNothing(listed, 'handle'), name)
    }
  })
})
