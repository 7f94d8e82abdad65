import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Rate-limit counters: in memory for one process (development, tests), in the database
 * when several API replicas must share them (LIMITER_STORE=database in production).
 */
const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE', 'memory'),
  stores: {
    memory: stores.memory({}),
    database: stores.database({ tableName: 'rate_limits' }),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
