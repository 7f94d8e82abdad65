import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'

const APP_TABLES = [
  'applications',
  'audit_events',
  'building_amenities',
  'buildings',
  'maintenance_photos',
  'maintenance_requests',
  'maintenance_status_changes',
  'newsletter_subscriptions',
  'payments',
  'rate_limits',
  'reviews',
  'room_features',
  'room_photos',
  'rooms',
  'sessions',
  'users',
]

async function tables(): Promise<string[]> {
  const names = await db.connection().getAllTables(['public'])
  return names
    .filter((name) => !name.startsWith('adonis_schema') && !name.startsWith('sqlite_'))
    .sort()
}

async function exec(command: string, args: string[] = []) {
  await ace.boot()
  const run = await ace.exec(command, args)
  if (run.exitCode !== 0) throw run.error ?? new Error(`${command} exited with ${run.exitCode}`)
}

test.group('Migrations', () => {
  test('roll back completely and run again', async ({ assert }) => {
    assert.deepEqual(await tables(), APP_TABLES)
    await exec('migration:rollback', ['--batch', '0'])
    assert.deepEqual(await tables(), [])
    await exec('migration:run')
    assert.deepEqual(await tables(), APP_TABLES)
  })
})
