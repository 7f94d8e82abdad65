import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/**
 * Redis, used only when `REDIS_URL` is set (sessions shared by every replica).
 * `redis://[user:password@]host:port[/db]`, or `rediss://` for TLS. Keys carry a `sakan:`
 * prefix so the server can be shared. Connections open on first use, never at boot.
 */
const url = new URL(env.get('REDIS_URL') ?? 'redis://127.0.0.1:6379/0')

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || 6379),
      username: decodeURIComponent(url.username) || undefined,
      password: decodeURIComponent(url.password) || undefined,
      db: Number(url.pathname.slice(1) || 0),
      tls: url.protocol === 'rediss:' ? {} : undefined,
      keyPrefix: 'sakan:',
      /* Reconnect for as long as it takes (a restarted Redis comes back), at most every 2 s;
         a call made meanwhile fails after a few retries instead of waiting for good. */
      retryStrategy(times) {
        return Math.min(times * 100, 2000)
      },
      maxRetriesPerRequest: 3,
      /* While Redis is away, a call fails within 1 s (the request answers 503) rather than
         waiting in the offline queue for the reconnection attempts. Sessions and limits use no
         blocking command (BLPOP, SUBSCRIBE), which this would cut short. */
      commandTimeout: 1000,
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
