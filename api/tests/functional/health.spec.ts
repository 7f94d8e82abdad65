import { test } from '@japa/runner'
import env from '#start/env'

test.group('Health and unknown routes', () => {
  test('GET /api/health answers ok once the database, Redis and storage answer', async ({
    client,
  }) => {
    const response = await client.get('/api/health')
    response.assertStatus(200)
    response.assertBody({
      status: 'ok',
      checks: {
        database: 'ok',
        ...(env.get('REDIS_URL') ? { redis: 'ok' } : {}),
        storage: 'ok',
      },
    })
  })

  test('an unknown /api path is a JSON 404 in the error shape', async ({ client, assert }) => {
    const response = await client.get('/api/nope')
    response.assertStatus(404)
    assert.match(response.header('content-type') ?? '', /application\/json/)
    assert.deepEqual(response.body(), { message: 'Resource not found' })
  })

  test('the error message follows the caller language', async ({ client }) => {
    const response = await client.get('/api/nope').header('accept-language', 'ar-SA,ar;q=0.9')
    response.assertStatus(404)
    response.assertBody({ message: 'المورد غير موجود' })
  })

  test('a wrong method on a known path is a JSON 404, not an HTML page', async ({
    client,
    assert,
  }) => {
    const response = await client.delete('/api/health')
    response.assertStatus(404)
    assert.properties(response.body(), ['message'])
  })
})
