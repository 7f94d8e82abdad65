import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { readdirSync } from 'node:fs'
import { ApplicationFactory, UserFactory } from '../../../database/factories/index.js'
import { rawPaymentRow } from '#tests/helpers'

const MIGRATIONS = readdirSync(new URL('../../../database/migrations/', import.meta.url))
  .filter((name) => /^\d{4}_.*\.ts$/.test(name))
  .sort()

/** How many single-migration steps roll the schema back to just before `prefix` (e.g. '0014'). */
function stepsBackTo(prefix: string): string {
  return String(MIGRATIONS.filter((name) => name >= prefix).length)
}

const APP_TABLES = [
  'applications',
  'audit_events',
  'building_amenities',
  'buildings',
  'catalog_state',
  'consents',
  'maintenance_photos',
  'maintenance_requests',
  'maintenance_status_changes',
  'newsletter_subscriptions',
  'notification_count_changes',
  'notification_counts',
  'notifications',
  'page_changes',
  'payment_counts',
  'payment_months',
  'payment_refunds',
  'payments',
  'rate_limits',
  'receipts',
  'reviews',
  'room_features',
  'room_photos',
  'rooms',
  'sessions',
  'stay_settlements',
  'tenancies',
  'users',
]

/** SQLite's trigram search tables (FTS5, with their own shadow tables); PostgreSQL has indexes. */
const SEARCH_TABLES = ['rooms', 'tenancies', 'users'].flatMap((table) =>
  ['', '_config', '_data', '_docsize', '_idx'].map((part) => `${table}_search${part}`)
)

/** The schema's tables on this connection's dialect. */
const schemaTables = () =>
  db.connection().dialect.name.includes('sqlite')
    ? [...APP_TABLES, ...SEARCH_TABLES].sort()
    : APP_TABLES

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
    assert.deepEqual(await tables(), schemaTables())
    await exec('migration:rollback', ['--batch', '0'])
    assert.deepEqual(await tables(), [])
    await exec('migration:run')
    assert.deepEqual(await tables(), schemaTables())
  })
})

/** A tenant with an approved application for a room, made by the factories. */
async function approvedApplication() {
  const user = await UserFactory.create()
  return ApplicationFactory.merge({ userId: user.id, status: 'approved' })
    .with('room', 1, (room) => room.with('building'))
    .create()
}

test.group('Migration 0014: refunded payments', () => {
  test('up accepts refunded with a reason; down turns refunded into failed; one completed payment per room-month throughout', async ({
    assert,
  }) => {
    const application = await approvedApplication()
    const row = (gatewayPaymentId: string, status: string) =>
      rawPaymentRow(application, gatewayPaymentId, status)
    await db.table('payments').insert({ ...row('mig_1', 'refunded'), status_reason: 'x' })
    await db.table('payments').insert(row('mig_2', 'completed'))

    await exec('migration:rollback', ['--step', stepsBackTo('0014')])
    const rolledBack = await db.from('payments').where('gateway_payment_id', 'mig_1').first()
    assert.equal(rolledBack.status, 'failed')
    assert.notProperty(rolledBack, 'status_reason')
    await assert.rejects(() => db.table('payments').insert(row('mig_3', 'refunded')))
    await assert.rejects(() => db.table('payments').insert(row('mig_4', 'completed')))

    await exec('migration:run')
    await db.table('payments').insert({ ...row('mig_5', 'refunded'), status_reason: 'y' })
    await assert.rejects(() => db.table('payments').insert(row('mig_6', 'completed')))
    const kept = await db.from('payments').orderBy('gateway_payment_id')
    assert.deepEqual(
      kept.map((payment) => [payment.gateway_payment_id, payment.status, payment.status_reason]),
      [
        ['mig_1', 'failed', null],
        ['mig_2', 'completed', null],
        ['mig_5', 'refunded', 'y'],
      ]
    )
    /* This suite has no rollback: leave the database as the next schema test expects it. */
    /* Running the migrations again opened the approved application's stay (0022's backfill) and a receipt for the completed payment (0023's). */
    await db.from('receipts').delete()
    await db.from('payments').delete()
    await db.from('tenancies').delete()
    await db.from('applications').where('id', application.id).delete()
    await db.from('rooms').where('id', application.roomId).delete()
    await db.from('buildings').delete()
    await db.from('users').where('id', application.userId).delete()
  })
})

test.group('Migration 0028: the notices of stays', () => {
  test('up accepts stay_ended and deposit_returned; down removes those notices and keeps the others', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const notice = (kind: string, key: string) => ({
      user_id: user.id,
      kind,
      locale: 'en',
      data: '{}',
      link: '/dashboard',
      state: 'pending',
      attempts: 0,
      dedupe_key: key,
      created_at: new Date(),
    })
    await db.table('notifications').insert(notice('rent_reminder', 'mig_kept'))
    await db.table('notifications').insert(notice('stay_ended', 'mig_ended'))
    await db.table('notifications').insert(notice('deposit_returned', 'mig_returned'))

    await exec('migration:rollback', ['--step', stepsBackTo('0028')])
    const kept = await db.from('notifications').orderBy('id')
    assert.deepEqual(
      kept.map((row) => [row.kind, row.dedupe_key]),
      [['rent_reminder', 'mig_kept']]
    )
    await assert.rejects(() => db.table('notifications').insert(notice('stay_ended', 'mig_x')))
    /* The unique key came through the rebuild. */
    await assert.rejects(() =>
      db.table('notifications').insert(notice('rent_reminder', 'mig_kept'))
    )

    await exec('migration:run')
    await db.table('notifications').insert(notice('deposit_returned', 'mig_again'))
    const after = await db.from('notifications').orderBy('id')
    assert.deepEqual(
      after.map((row) => [row.kind, row.dedupe_key]),
      [
        ['rent_reminder', 'mig_kept'],
        ['deposit_returned', 'mig_again'],
      ]
    )
    await assert.rejects(() => db.table('notifications').insert(notice('spam', 'mig_spam')))
    /* This suite has no rollback: leave the database as the next schema test expects it. */
    await db.from('notifications').delete()
    await db.from('users').where('id', user.id).delete()
  })
})
