import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Rate-limit counters: in Redis when `REDIS_URL` is set, so that a limit reached through one
 * API replica holds on every other; otherwise in memory for one process
 * (development, tests). `LIMITER_STORE` overrides the choice (`database` keeps them in the
 * `rate_limits` table, shared too).
 */
const redis = Boolean(env.get('REDIS_URL'))

const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE', redis ? 'redis' : 'memory'),
  stores: {
    memory: stores.memory({}),
    database: stores.database({ tableName: 'rate_limits' }),
    /* Connects on first use only, so naming it costs nothing without REDIS_URL. */
    redis: stores.redis({ connectionName: 'main', keyPrefix: 'limits' }),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
