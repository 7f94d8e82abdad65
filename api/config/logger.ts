import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, destination } from '@adonisjs/core/logger'

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'sakan-api',
      level: env.get('LOG_LEVEL', app.inTest ? 'silent' : 'info'),
      /* Never log personal data: no bodies, no cookies, no authorization headers. */
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        remove: true,
      },
      /*
       * Standard output, written from the API's own thread (sonic-boom, asynchronous, flushed
       * at exit) rather than through a transport: a transport runs in a worker thread, a
       * second V8 isolate of about 10 MB kept for the process's life.
       */
      destination: destination({ dest: 1, sync: false }),
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
