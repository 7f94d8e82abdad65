import { test } from '@japa/runner'
import { isAccountPath, isApiPath } from '#services/front_door'

test.group('Front door routing', () => {
  test('the API answers /api and /media', ({ assert }) => {
    for (const path of ['/api', '/api/health', '/api/rooms/3', '/media/rooms/room-01-640.jpg']) {
      assert.isTrue(isApiPath(path), path)
    }
    for (const path of ['/', '/apix', '/en/', '/mediax', '/login'])
      assert.isFalse(isApiPath(path), path)
  })

  test('the account app answers the routes of spec §2 and its assets', ({ assert }) => {
    for (const path of [
      '/login',
      '/register',
      '/dashboard',
      '/application/12',
      '/payment',
      '/payment/callback',
      '/maintenance',
      '/admin',
      '/admin/applications/4',
      '/_app/index-abc.js',
      '/login/',
    ]) {
      assert.isTrue(isAccountPath(path), path)
    }
    for (const path of [
      '/',
      '/en/',
      '/ar/listings',
      '/en/property/3',
      '/application',
      '/application/1/2',
      '/loginx',
      '/_astro/x.js',
    ]) {
      assert.isFalse(isAccountPath(path), path)
    }
  })
})
