import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import fc from 'fast-check'
import { NOTIFICATION_STATES } from '@sakan/common'
import { UserFactory } from '../../../database/factories/index.js'
import { as, isolateEachTest } from '#tests/helpers'

/*
 * The outbox's X-Total-Count comes from totals kept by triggers, not from counting the
 * messages: whatever is written, in one statement or many, it equals the count.
 */

const KINDS = ['payment_completed', 'rent_reminder', 'stay_ended'] as const

/** A write to the outbox as the product's code or a batch job could make it. */
const write = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    kind: fc.constantFrom(...KINDS),
    state: fc.constantFrom(...NOTIFICATION_STATES),
    count: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    op: fc.constant('update' as const),
    from: fc.constantFrom(...NOTIFICATION_STATES),
    to: fc.constantFrom(...NOTIFICATION_STATES),
  }),
  fc.record({ op: fc.constant('delete' as const), kind: fc.constantFrom(...KINDS) })
)
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never

async function apply(step: Write, userId: number) {
  if (step.op === 'insert') {
    const now = new Date().toISOString()
    await db.table('notifications').multiInsert(
      Array.from({ length: step.count }, () => ({
        user_id: userId,
        kind: step.kind,
        locale: 'en',
        data: '{}',
        state: step.state,
        attempts: 0,
        created_at: now,
      }))
    )
  } else if (step.op === 'update') {
    await db.from('notifications').where('state', step.from).update({ state: step.to })
  } else {
    await db.from('notifications').where('kind', step.kind).delete()
  }
}

test.group('Outbox totals', (group) => {
  isolateEachTest(group)

  test('each filter totals what its rows count', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const tenant = await UserFactory.create()
    const filters = [
      {},
      ...NOTIFICATION_STATES.map((state) => ({ state })),
      ...KINDS.map((kind) => ({ kind })),
      { state: 'pending', kind: 'rent_reminder' },
    ]
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (steps) => {
        await db.from('notifications').delete()
        for (const step of steps) await apply(step, tenant.id)
        for (const filter of filters) {
          const listed = await as(client.get('/api/admin/notifications'), admin).qs({
            _start: 0,
            _end: 1,
            ...filter,
          })
          const [counted] = await db.from('notifications').where(filter).count('* as total')
          assert.equal(listed.header('x-total-count'), String(Number(counted.total)))
        }
      }),
      { numRuns: 15, seed: 4301 }
    )
  })
})
