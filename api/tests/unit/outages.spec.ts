import { test } from '@japa/runner'
import { connect, createServer } from 'node:net'
import { isDiskFull, isServiceDown } from '#services/outages'

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

const errno = (code: string, message = code) => Object.assign(new Error(message), { code })

test.group('Outages: a part down, told from a fault of ours', () => {
  test('a server that refuses the connection is down (503)', async ({ assert }) => {
    const port = await closedPort()
    const error = await new Promise((resolve) => connect(port, '127.0.0.1').on('error', resolve))
    assert.isTrue(isServiceDown(error))
  })

  test('PostgreSQL shutting down or starting, and a lost connection, are down', ({ assert }) => {
    for (const code of ['57P01', '57P03', '08006', '53300'])
      assert.isTrue(isServiceDown(errno(code, 'the database system is shutting down')), code)
    /* Knex puts the statement before the driver's message. */
    const lost = new Error('select 1 - Connection terminated unexpectedly')
    assert.isTrue(isServiceDown(lost))
    const timeout = Object.assign(new Error('Knex: Timeout acquiring a connection'), {
      name: 'KnexTimeoutError',
    })
    assert.isTrue(isServiceDown(timeout))
  })

  test('Redis away: a command timed out or given up on is down', ({ assert }) => {
    assert.isTrue(isServiceDown(new Error('Command timed out')))
    const gaveUp = Object.assign(new Error('Reached the max retries per request limit'), {
      name: 'MaxRetriesPerRequestError',
    })
    assert.isTrue(isServiceDown(gaveUp))
  })

  test('our own faults and refusals are not outages', ({ assert }) => {
    assert.isFalse(isServiceDown(errno('23505', 'duplicate key value')))
    assert.isFalse(isServiceDown(new TypeError('x is not a function')))
    assert.isFalse(isServiceDown('ECONNREFUSED'))
    assert.isFalse(isServiceDown(new Error('a message that mentions Connection terminated')))
  })

  test('no room left for a write is a full disk (507); other file errors are not', ({ assert }) => {
    for (const code of ['ENOSPC', 'EDQUOT', 'EFBIG']) assert.isTrue(isDiskFull(errno(code)), code)
    assert.isFalse(isDiskFull(errno('EACCES')))
    assert.isFalse(isDiskFull(null))
  })
})
