import { test } from '@japa/runner'
import drive from '@adonisjs/drive/services/main'

test.group('Public media', (group) => {
  group.setup(async () => {
    await drive
      .use('media')
      .put('rooms/test-photo-640.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), {
        contentType: 'image/jpeg',
      })
  })

  test('a catalogue image is served with its type', async ({ client, assert }) => {
    const response = await client.get('/media/rooms/test-photo-640.jpg')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^image\/jpeg/)
  })

  test('a missing image is a 404', async ({ client }) => {
    const response = await client.get('/media/rooms/nope-640.jpg')
    response.assertStatus(404)
  })

  test('paths that climb out of the media disk are refused, never served', async ({
    client,
    assert,
  }) => {
    for (const path of [
      '/media/..%2f..%2fpackage.json',
      '/media/rooms/..%2f..%2f..%2fpackage.json',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/documents%2f..%2f..%2fstorage',
    ]) {
      const response = await client.get(path)
      assert.isAtLeast(response.status(), 400, path)
      assert.isBelow(response.status(), 500, path)
    }
  })
})
