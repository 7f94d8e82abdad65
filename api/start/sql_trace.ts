/*
 * SAKAN_SQL_TRACE=<file>: every SQL statement the API executes is appended to the file, one
 * JSON line `{"sql", "bindings", "connection"}` each, from Lucid's `db:query` event (query
 * debugging is on only then, config/database.ts). The benchmark replays exactly these
 * statements in a bare node:http server, to compare the framework with the bare driver.
 */
import { createWriteStream } from 'node:fs'
import emitter from '@adonisjs/core/services/emitter'
import env from '#start/env'

const file = env.get('SAKAN_SQL_TRACE')
if (file) {
  const trace = createWriteStream(file, { flags: 'a' })
  emitter.on('db:query', (query) => {
    trace.write(
      JSON.stringify({
        sql: query.sql,
        bindings: query.bindings ?? [],
        connection: query.connection,
      }) + '\n'
    )
  })
}
