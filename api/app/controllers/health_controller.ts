import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import redis from '@adonisjs/redis/services/main'
import env from '#start/env'
import { sendJson } from '#server/list_response'
import type { HttpContext } from '@adonisjs/core/http'

/* A part that has not answered within this long is reported down (a proxy's check is ~5 s). */
const CHECK_TIMEOUT_MS = 2000

type Check = 'ok' | 'unavailable'

async function probe(check: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)
  })
  try {
    await Promise.race([check(), timeout])
    return 'ok'
  } catch {
    return 'unavailable'
  } finally {
    clearTimeout(timer)
  }
}

/* The parts are asked at most once a second per process: many probes share one asking. */
const CACHE_MS = 1000

let latest: { at: number; states: Promise<Record<string, Check>> } | undefined

/** Asks the database, Redis (when REDIS_URL is set) and file storage, all at once. */
async function askParts(): Promise<Record<string, Check>> {
  const parts: Record<string, () => Promise<unknown>> = {
    database: () => db.rawQuery('select 1'),
    ...(env.get('REDIS_URL') ? { redis: () => redis.ping() } : {}),
    /* A lookup of a key that need not exist: it answers false, or fails when storage is down. */
    storage: () => drive.use('documents').exists('health/probe'),
  }
  const names = Object.keys(parts)
  const states = await Promise.all(names.map((name) => probe(parts[name])))
  return Object.fromEntries(names.map((name, i) => [name, states[i]]))
}

/* The healthy answer's text, written once per asking rather than serialised per request. */
const okBodies = new WeakMap<Record<string, Check>, string>()

/** The parts' states of the last second, or asked now (once for every caller meanwhile). */
function partStates(): Promise<Record<string, Check>> {
  const now = Date.now()
  if (!latest || now - latest.at >= CACHE_MS) latest = { at: now, states: askParts() }
  return latest.states
}

export default class HealthController {
  /**
   * 200 when every part this replica depends on answers: the database, Redis (when
   * REDIS_URL is set) and file storage (local disk or S3); 503 otherwise, with each part's
   * state under `checks` so that the one down is named. The answer may be up to a second old.
   */
  async show(ctx: HttpContext) {
    const checks = await partStates()
    if (Object.values(checks).every((state) => state === 'ok')) {
      let body = okBodies.get(checks)
      if (body === undefined)
        okBodies.set(checks, (body = JSON.stringify({ status: 'ok', checks })))
      return sendJson(ctx.response, body)
    }
    return ctx.response.status(503).json({
      status: 'unavailable',
      message: ctx.i18n.t('errors.unavailable'),
      checks,
    })
  }
}
