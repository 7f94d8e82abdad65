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

  test('AVIF and WebP are served with their types and the same headers as JPEG', async ({
    client,
    assert,
  }) => {
    const media = drive.use('media')
    await media.put('rooms/test-photo-640.avif', Buffer.from('avif bytes'))
    await media.put('rooms/test-photo-640.webp', Buffer.from('webp bytes'))
    const jpeg = await client.get('/media/rooms/test-photo-640.jpg')
    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
    ]) {
      const response = await client.get(`/media/rooms/test-photo-640.${format}`)
      response.assertStatus(200)
      assert.equal(response.header('content-type'), type)
      assert.equal((response.body() as Buffer).toString(), `${format} bytes`)
      assert.isString(response.header('etag'))
      assert.isString(response.header('last-modified'))
      for (const header of [
        'cache-control',
        'x-content-type-options',
        'content-security-policy',
        'cross-origin-resource-policy',
      ]) {
        assert.equal(response.header(header), jpeg.header(header), `${format}: ${header}`)
      }
      const again = await client
        .get(`/media/rooms/test-photo-640.${format}`)
        .header('If-None-Match', response.header('etag')!)
      again.assertStatus(304)
    }
    await media.delete('rooms/test-photo-640.avif')
    await media.delete('rooms/test-photo-640.webp')
  })

  test('a format the catalogue does not store is a 404, even when the file exists', async ({
    client,
  }) => {
    await drive.use('media').put('rooms/test-photo-640.png', Buffer.from('png bytes'))
    for (const path of ['rooms/test-photo-640.png', 'rooms/test-photo-640.gif']) {
      const response = await client.get(`/media/${path}`)
      response.assertStatus(404)
    }
    await drive.use('media').delete('rooms/test-photo-640.png')
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
