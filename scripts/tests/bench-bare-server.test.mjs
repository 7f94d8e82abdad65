/*
 * The benchmark's bare server (scripts/bench/bare-server.mjs) on a fake SQL trace: it
 * replays the recorded statements with their bindings and builds each body by the API's
 * contract (the `json` column), and says why it cannot serve a case instead of guessing.
 *
 *   node --test scripts/tests/bench-bare-server.test.mjs
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { HEALTH_BODY, toPositional } from '../bench/bare-server.mjs'

const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'bench', 'bare-server.mjs')

/* A trace as the API writes it: knex `?` placeholders, JSON bindings (booleans included). */
const COUNT = { sql: 'select count(*) as total from rooms where available = ?', bindings: [true] }
const LIST = {
  sql: "select json_object('id', id, 'name', name, 'available', json(case when available then 'true' else 'false' end)) as json from rooms where available = ? order by id limit ?",
  bindings: [true, 10],
}
const ONE = {
  sql: "select json_object('id', id, 'name', name) as json from rooms where id = ?",
  bindings: [2],
}
const VERSION = { sql: 'select 1 as version', bindings: [] }

function startBare(plan, folder) {
  const planFile = join(folder, 'plan.json')
  writeFileSync(planFile, JSON.stringify(plan))
  const child = spawn(process.execPath, [script, planFile], { stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
      if (output.includes('\n')) resolve({ child, ready: JSON.parse(output.split('\n')[0]) })
    })
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)))
  })
}

test('replays the trace on SQLite and answers by the json-column contract', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'sakan-bare-'))
  t.after(() => rmSync(folder, { recursive: true, force: true }))
  const file = join(folder, 'bench.sqlite3')
  const db = new Database(file)
  db.exec(`create table rooms (id integer primary key, name text, available integer);
    insert into rooms values (1, 'Nūr', 1), (2, 'غرفة "٢"', 1), (3, 'Closed', 0);`)
  db.close()

  const { child, ready } = await startBare(
    {
      dialect: 'sqlite',
      sqliteFile: file,
      cases: [
        {
          path: '/api/rooms',
          kind: 'list',
          cold: [COUNT, LIST],
          warm: [COUNT, LIST],
          traced: true,
        },
        /* The warm request was answered from a cache: the first request's SQL is replayed. */
        { path: '/api/rooms/2', kind: 'object', cold: [ONE], warm: [VERSION], traced: true },
        { path: '/api/health', kind: 'health', cold: [], warm: [], traced: false },
        { path: '/api/rooms?featured=true', kind: 'list', cold: [], warm: [], traced: false },
      ],
    },
    folder
  )
  t.after(() => child.kill('SIGKILL'))
  const base = `http://127.0.0.1:${ready.port}`
  const get = async (path) => {
    const response = await fetch(base + path)
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.text(),
    }
  }

  assert.deepEqual(ready.cases['/api/rooms'], {
    statements: 2,
    sql: [COUNT, LIST],
    source: 'warm request',
    problem: null,
  })
  assert.deepEqual(ready.cases['/api/health'], {
    statements: 1,
    sql: [{ sql: 'select 1', bindings: [] }],
    source: 'health contract',
    problem: null,
  })
  assert.deepEqual(ready.cases['/api/rooms/2'], {
    statements: 1,
    sql: [ONE],
    source: 'first request',
    problem: null,
  })

  const list = await get('/api/rooms')
  assert.equal(list.status, 200)
  assert.equal(list.type, 'application/json; charset=utf-8')
  assert.equal(
    list.body,
    '[{"id":1,"name":"Nūr","available":true},{"id":2,"name":"غرفة \\"٢\\"","available":true}]'
  )
  assert.equal((await get('/api/rooms/2')).body, '{"id":2,"name":"غرفة \\"٢\\""}')

  /* Without a trace, /api/health still answers the API's body: the harness has a baseline. */
  const health = await get('/api/health')
  assert.equal(health.status, 200)
  assert.equal(health.body, HEALTH_BODY)

  const untraced = await get('/api/rooms?featured=true')
  assert.equal(untraced.status, 501)
  assert.match(JSON.parse(untraced.body).message, /no SQL/)
  assert.equal((await get('/elsewhere')).status, 404)
})

test("sends a case's recorded API headers, with a fresh request id each time", async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'sakan-bare-'))
  t.after(() => rmSync(folder, { recursive: true, force: true }))
  const file = join(folder, 'bench.sqlite3')
  new Database(file).close()
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'x-request-id': 'recorded-1',
  }
  const { child, ready } = await startBare(
    {
      dialect: 'sqlite',
      sqliteFile: file,
      cases: [{ path: '/api/health', kind: 'health', cold: [], warm: [], traced: false, headers }],
    },
    folder
  )
  t.after(() => child.kill('SIGKILL'))
  const get = () => fetch(`http://127.0.0.1:${ready.port}/api/health`)
  const [first, second] = [await get(), await get()]
  assert.equal(await first.text(), HEALTH_BODY)
  assert.equal(first.headers.get('cache-control'), 'no-store')
  assert.equal(first.headers.get('x-frame-options'), 'DENY')
  assert.equal(first.headers.get('content-length'), String(HEALTH_BODY.length))
  assert.notEqual(first.headers.get('x-request-id'), 'recorded-1')
  assert.notEqual(first.headers.get('x-request-id'), second.headers.get('x-request-id'))
  await second.arrayBuffer()
})

test('numbers placeholders for PostgreSQL as knex does', () => {
  assert.equal(
    toPositional('select * from rooms where a = ? and b in (?, ?)'),
    'select * from rooms where a = $1 and b in ($2, $3)'
  )
  /* An escaped question mark is a literal one (a JSON operator, say), not a placeholder. */
  assert.equal(
    toPositional("select data \\? 'key' from t where id = ?"),
    "select data ? 'key' from t where id = $1"
  )
})
