import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, destination } from '@adonisjs/core/logger'
import { REDACTED_PATHS, privateErrorSerializer, scrubMessages } from '#server/log_privacy'

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'sakan-api',
      level: env.get('LOG_LEVEL', app.inTest ? 'silent' : 'info'),
      /*
       * Never log personal data: no bodies, no cookies, no authorization headers, no field
       * that names a person, and an error's texts scrubbed of e-mail addresses and phone or
       * ID numbers (server/log_privacy.ts).
       */
      redact: { paths: REDACTED_PATHS, remove: true },
      serializers: { err: privateErrorSerializer },
      hooks: { logMethod: scrubMessages },
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
