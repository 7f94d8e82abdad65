import { test } from '@japa/runner'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import { RoomFactory, UserFactory } from '../../../database/factories/index.js'
import { installClock, restoreClock } from '#tests/model/clock'
import { type Model, type Real, RESIDENTS, ROOMS, rentSequences } from '#tests/model/rent_model'

/*
 * The rent domain's books balance over random sequences: apply and approve, pay a
 * month, a plan or the deposit (at the quote, at a wrong amount, declined; recorded by the
 * browser, the webhook or both), forged claims, webhook replays, ending a stay now or ahead,
 * deposit returns, refunds at the gateway, and the clock moving by days and months; after each
 * step the invariants of `tests/model/rent_model.ts` are asserted against the database and the
 * sandbox. `MODEL_RUNS` sets how many sequences (200); `MODEL_SEED` replays a run, and with
 * `MODEL_PATH` and `MODEL_REPLAY` (fast-check's `path` and `replayPath`, printed on a failure)
 * the one failing sequence.
 */

const RUNS = Number(process.env.MODEL_RUNS ?? 200)
const SEED = process.env.MODEL_SEED === undefined ? undefined : Number(process.env.MODEL_SEED)
const PATH = process.env.MODEL_PATH
const REPLAY = process.env.MODEL_REPLAY
/* Steps per sequence: few enough for 200 sequences in about a minute on two cores. */
const MAX_COMMANDS = Number(process.env.MODEL_STEPS ?? 14)

test.group('The rent domain, model-based (issue 39)', () => {
  test('every sequence of rent, deposit, refund and time keeps the books balanced', async ({
    client,
  }) => {
    const settlements = await db.connection().schema.hasTable('stay_settlements')
    let sequences = 0
    let steps = 0
    const tally = new Map<string, number>()
    const started = performance.now()
    try {
      await fc.assert(
        fc.asyncProperty(rentSequences(MAX_COMMANDS, REPLAY), async ([first, rest]) => {
          sequences += 1
          /* Each sequence starts from an empty state of its own, at the real time. */
          const rollback = await testUtils.db().withGlobalTransaction()
          installClock()
          const model: Model = { stays: [], payments: [], steps: 0, tally: new Map() }
          try {
            await limiter.clear()
            const real: Real = {
              client,
              admin: await UserFactory.apply('admin').create(),
              residents: await UserFactory.createMany(RESIDENTS),
              rooms: await RoomFactory.with('building').createMany(ROOMS),
              settlements,
            }
            await fc.asyncModelRun(() => ({ model, real }), [first, ...rest])
          } finally {
            steps += model.steps
            for (const [outcome, times] of model.tally)
              tally.set(outcome, (tally.get(outcome) ?? 0) + times)
            restoreClock()
            await rollback()
          }
        }),
        {
          numRuns: RUNS,
          ...(SEED === undefined ? {} : { seed: SEED }),
          ...(PATH === undefined ? {} : { path: PATH }),
        }
      )
    } catch (error) {
      const text = String((error as Error).message)
      const seed = /seed: (-?\d+), path: "([^"]*)"/.exec(text)
      const replay = /replayPath="([^"]*)"/.exec(text)
      if (seed)
        console.log(
          `replay: MODEL_SEED=${seed[1]} MODEL_PATH=${seed[2]}${replay ? ` MODEL_REPLAY=${replay[1]}` : ''}`
        )
      throw error
    } finally {
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      const outcomes = [...tally].map(([outcome, times]) => `${outcome} ${times}`).join(', ')
      console.log(`rent model: ${sequences} sequences, ${steps} steps, ${seconds} s (${outcomes})`)
    }
  }).timeout(0)
})
