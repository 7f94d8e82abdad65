/*
 * The production topology (docker-compose.yml, Dockerfile, deploy/Caddyfile) checked
 * without a Docker engine: `docker-compose config` renders and validates the file, which
 * needs no daemon. Tests that need docker-compose (or caddy) skip when it is missing.
 *
 *   node --test scripts/tests/compose.test.mjs
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { API_SERVER_ARGS } from '../lib/steps.mjs'

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const composeFile = join(repo, 'docker-compose.yml')

/* Every variable the file requires (`${VAR:?…}`), with recognisable test values. */
const REQUIRED = {
  APP_KEY: 'test-app-key-0123456789abcdef0123456789',
  DOCUMENT_KEY: 'test-document-key-0123456789abcdef012345',
  POSTGRES_PASSWORD: 'test-postgres-password',
  S3_ACCESS_KEY: 'test-s3-access',
  S3_SECRET_KEY: 'test-s3-secret-key',
  FIREBASE_PROJECT_ID: 'test-project',
  FIREBASE_SERVICE_ACCOUNT: '{"type":"service_account","project_id":"test-project"}',
  MOYASAR_PUBLISHABLE_KEY: 'pk_test_compose',
  MOYASAR_SECRET_KEY: 'sk_test_compose',
  MOYASAR_WEBHOOK_SECRET: 'test-webhook-secret',
  SMTP_HOST: 'smtp.example.com',
  SMTP_PASSWORD: 'test-smtp-password',
  MAIL_FROM_ADDRESS: 'hello@example.com',
}

/* Services that run for good (need a healthcheck) and one-shot jobs (restart "no"). */
const LONG_RUNNING = ['proxy', 'api', 'postgres', 'redis', 'minio']
const ONE_SHOT = ['migrate', 'minio-init']

function available(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 })
  return !result.error && result.status === 0
}
const hasCompose = available('docker-compose', ['--version'])
const hasCaddy = available('caddy', ['version'])

/*
 * Runs docker-compose with exactly `vars` as its variables: a minimal environment (so the
 * caller's exported variables cannot leak in) and an empty --env-file (so a developer's
 * .env beside docker-compose.yml is not read).
 */
function compose(args, vars = REQUIRED) {
  const dir = mkdtempSync(join(tmpdir(), 'sakan-compose-'))
  try {
    const envFile = join(dir, 'empty.env')
    writeFileSync(envFile, '')
    return spawnSync('docker-compose', ['--env-file', envFile, '-f', composeFile, ...args], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH, HOME: dir, ...vars },
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function without(name) {
  const vars = { ...REQUIRED }
  delete vars[name]
  return vars
}

/*
 * `docker-compose config` prints normalised YAML (two-space indents). Without a YAML
 * dependency: cut the `services:` mapping into one text block per service.
 */
function serviceBlocks(yaml) {
  const blocks = new Map()
  let inServices = false
  let current = null
  for (const line of yaml.split('\n')) {
    if (/^\S/.test(line)) {
      inServices = line === 'services:'
      current = null
      continue
    }
    if (!inServices) continue
    const name = /^ {2}([\w.-]+):\s*$/.exec(line)
    if (name) {
      current = name[1]
      blocks.set(current, '')
    } else if (current) {
      blocks.set(current, blocks.get(current) + line + '\n')
    }
  }
  return blocks
}

function lines(output) {
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
}

test('docker-compose.yml is valid with the required variables set', (t) => {
  if (!hasCompose) return t.skip('docker-compose not installed')
  const result = compose(['config', '-q'])
  assert.equal(result.status, 0, result.stderr)
})

test('leaving out APP_KEY (or setting it empty) makes docker-compose refuse the file', (t) => {
  if (!hasCompose) return t.skip('docker-compose not installed')
  for (const vars of [without('APP_KEY'), { ...REQUIRED, APP_KEY: '' }]) {
    const result = compose(['config', '-q'], vars)
    assert.notEqual(result.status, 0, 'config must fail without APP_KEY')
    assert.match(result.stderr, /APP_KEY/)
  }
})

test('every secret is required: leaving any one out fails', (t) => {
  if (!hasCompose) return t.skip('docker-compose not installed')
  for (const name of Object.keys(REQUIRED).filter((n) => n !== 'APP_KEY')) {
    const result = compose(['config', '-q'], without(name))
    assert.notEqual(result.status, 0, `config must fail without ${name}`)
    assert.match(result.stderr, new RegExp(name))
  }
})

test('the topology has a proxy, the API, PostgreSQL, Redis, MinIO and named volumes', (t) => {
  if (!hasCompose) return t.skip('docker-compose not installed')
  const services = compose(['config', '--services'])
  assert.equal(services.status, 0, services.stderr)
  const names = lines(services.stdout)
  for (const name of [...LONG_RUNNING, ...ONE_SHOT]) {
    assert.ok(names.includes(name), `service ${name} missing (have: ${names.join(', ')})`)
  }

  const volumes = compose(['config', '--volumes'])
  assert.equal(volumes.status, 0, volumes.stderr)
  const volumeNames = lines(volumes.stdout)
  for (const name of ['postgres-data', 'redis-data', 'minio-data']) {
    assert.ok(volumeNames.includes(name), `volume ${name} missing`)
  }
})

test('rendered services: replicas, health checks, restart policies, start order', (t) => {
  if (!hasCompose) return t.skip('docker-compose not installed')
  const result = compose(['config'])
  assert.equal(result.status, 0, result.stderr)
  const blocks = serviceBlocks(result.stdout)

  const api = blocks.get('api')
  assert.ok(api, 'api service rendered')
  const replicas = Number(/^ {6}replicas: (\d+)$/m.exec(api)?.[1] ?? 1)
  const apiServices = [...blocks.keys()].filter((name) => /^api\b/.test(name)).length
  assert.ok(replicas >= 2 || apiServices >= 2, `at least two API replicas (replicas: ${replicas})`)

  for (const name of LONG_RUNNING) {
    const block = blocks.get(name)
    assert.ok(block, `${name} rendered`)
    assert.match(block, /^ {4}healthcheck:$/m, `${name} has a healthcheck`)
    assert.doesNotMatch(block, /^ {6}disable: true$/m, `${name}'s healthcheck is not disabled`)
    assert.match(block, /^ {4}restart: (always|unless-stopped|on-failure)/m, `${name} restarts`)
  }
  for (const name of ONE_SHOT) {
    assert.match(blocks.get(name), /^ {4}restart: ["']?no["']?$/m, `${name} runs once`)
  }

  /* Start order: data stores healthy and migrations done before any replica serves. */
  const dependsOn = (block, service, condition) =>
    new RegExp(`^ {6}${service}:\\n {8}condition: ${condition}$`, 'm').test(block)
  assert.ok(dependsOn(api, 'postgres', 'service_healthy'), 'api waits for a healthy postgres')
  assert.ok(dependsOn(api, 'redis', 'service_healthy'), 'api waits for a healthy redis')
  assert.ok(dependsOn(api, 'migrate', 'service_completed_successfully'), 'api waits for migrate')
  assert.ok(dependsOn(blocks.get('proxy'), 'api', 'service_healthy'), 'proxy waits for api')

  /* The values come from the environment, interpolated where the app expects them. */
  assert.ok(
    api.includes(`postgres://sakan:${REQUIRED.POSTGRES_PASSWORD}@postgres:5432/sakan`),
    'DATABASE_URL carries POSTGRES_PASSWORD'
  )
  for (const [key, value] of Object.entries({
    NODE_ENV: 'production',
    HOST: '0.0.0.0',
    TRUST_PROXY: '172.28.0.0/24',
    DB_CONNECTION: 'pg',
    REDIS_URL: 'redis://redis:6379',
    DRIVE_DISK: 's3',
    S3_ENDPOINT: 'http://minio:9000',
    MOYASAR_BASE_URL: 'https://api.moyasar.com',
    APP_KEY: REQUIRED.APP_KEY,
  })) {
    assert.match(api, new RegExp(`^ {6}${key}: ['"]?${value.replace(/[.]/g, '\\.')}['"]?$`, 'm'))
  }

  /* Only the proxy is reachable from outside. */
  for (const [name, block] of blocks) {
    if (name !== 'proxy') assert.doesNotMatch(block, /^ {4}ports:$/m, `${name} publishes no port`)
  }
})

/* The variables a service's rendered `environment:` passes. */
function environmentOf(block) {
  const names = []
  let inside = false
  for (const line of block.split('\n')) {
    if (/^ {4}environment:$/.test(line)) inside = true
    else if (/^ {4}\S/.test(line)) inside = false
    else if (inside) {
      const name = /^ {6}([A-Z0-9_]+):/.exec(line)?.[1]
      if (name) names.push(name)
    }
  }
  return names
}

/* What the API and its release step read: start/env.ts's schema and direct process.env reads. */
function variablesReadByCode() {
  const read = new Set()
  const envSchema = readFileSync(join(repo, 'api', 'start', 'env.ts'), 'utf8')
  for (const match of envSchema.matchAll(/^ {2}([A-Z0-9_]+): Env\.schema\./gm)) read.add(match[1])
  const sources = [
    'api/bin',
    'api/app',
    'api/config',
    'api/start',
    'scripts/release.mjs',
    'site/src',
  ]
  for (const source of sources) {
    const path = join(repo, source)
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true }).map((name) => join(path, name))
      : [path]
    for (const file of files.filter((name) => /\.(ts|mjs|astro)$/.test(name))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z0-9_]+)/g)) {
        read.add(match[1])
      }
    }
  }
  return read
}

test('every variable the API services are given is one the code reads, and none is missing', (t) => {
  if (!hasCompose) return t.skip('docker-compose not installed')
  const result = compose(['config'])
  assert.equal(result.status, 0, result.stderr)
  const blocks = serviceBlocks(result.stdout)
  const read = variablesReadByCode()
  for (const service of ['api', 'migrate']) {
    const passed = environmentOf(blocks.get(service))
    assert.ok(passed.length > 10, `${service} passes its environment`)
    const unread = passed.filter((name) => !read.has(name))
    assert.deepEqual(unread, [], `${service} passes variables no code reads`)
  }
  /* What several replicas need, each passed to every replica. */
  const api = environmentOf(blocks.get('api'))
  for (const name of [
    'DATABASE_URL',
    'DB_POOL_MAX',
    'DB_STATEMENT_TIMEOUT_MS',
    'REDIS_URL',
    'DRIVE_DISK',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY',
    'S3_SECRET_KEY',
    'SHUTDOWN_TIMEOUT_MS',
    'TRUST_PROXY',
  ]) {
    assert.ok(read.has(name), `the code reads ${name}`)
    assert.ok(api.includes(name), `the API replicas are given ${name}`)
  }
})

test('docker-compose.yml hard-codes no secret', () => {
  const source = readFileSync(composeFile, 'utf8')
  const secretLines = source
    .split('\n')
    .filter((line) =>
      /^\s+[A-Z0-9_]*(PASSWORD|SECRET|_KEY|SERVICE_ACCOUNT)[A-Z0-9_]*:\s*\S/.test(line)
    )
  assert.ok(secretLines.length >= 6, 'secret-bearing variables found')
  for (const line of secretLines) {
    assert.match(line, /\$\{[A-Z0-9_]+:\?[^}]*\}/, `must be a required variable: ${line.trim()}`)
  }
})

test('Dockerfile: multi-stage Node 24 build, non-root runtime with a health check', () => {
  const dockerfile = readFileSync(join(repo, 'Dockerfile'), 'utf8')
  /* Comments out, continuation lines joined: one instruction per line. */
  const instructions = dockerfile.replace(/^\s*#.*$/gm, '').replace(/\\\n/g, ' ')
  assert.ok((instructions.match(/^FROM /gm) ?? []).length >= 2, 'multi-stage')
  assert.match(dockerfile, /node:24-bookworm-slim/)
  assert.match(instructions, /^RUN npm install\b/m)
  assert.doesNotMatch(instructions, /npm ci\b/, 'npm ci fails for this lockfile (TOOLCHAIN.md)')
  assert.match(instructions, /npm run build -w common/)
  const users = [...instructions.matchAll(/^USER (\S+)/gm)].map((m) => m[1])
  assert.ok(users.length > 0 && !['root', '0'].includes(users.at(-1)), 'runs as non-root')
  assert.match(instructions, /^WORKDIR \/app\/api$/m)
  assert.match(instructions, /^EXPOSE 3000$/m)
  assert.match(instructions, /^HEALTHCHECK .*\/api\/health/m)
  const cmd = /^CMD (\[.*\])$/m.exec(instructions)?.[1]
  assert.deepEqual(
    cmd && JSON.parse(cmd),
    ['node', ...API_SERVER_ARGS],
    'starts the API as scripts/lib/steps.mjs does'
  )
})

test('.dockerignore keeps dependencies, local state, secrets and VCS out of the image', () => {
  const ignored = lines(readFileSync(join(repo, '.dockerignore'), 'utf8')).filter(
    (line) => !line.startsWith('#')
  )
  for (const entry of ['**/node_modules', '**/tmp', '**/storage', '.git', '**/.env']) {
    assert.ok(ignored.includes(entry), `${entry} ignored`)
  }
})

test('deploy/Caddyfile: round robin over the API replicas, gzip, 12 MB bodies', () => {
  const caddyfile = readFileSync(join(repo, 'deploy', 'Caddyfile'), 'utf8')
  assert.match(caddyfile, /dynamic a \{\$API_HOST:api\} \{\$API_PORT:3000\}/)
  assert.match(caddyfile, /lb_policy round_robin/)
  assert.match(caddyfile, /encode gzip/)
  assert.match(caddyfile, /max_size 12MiB/)
  assert.match(caddyfile, /read_header \d+s/)
})

test('deploy/Caddyfile is accepted by caddy', (t) => {
  if (!hasCaddy) return t.skip('caddy not installed')
  const dir = mkdtempSync(join(tmpdir(), 'sakan-caddy-'))
  try {
    const result = spawnSync(
      'caddy',
      ['validate', '--config', join(repo, 'deploy', 'Caddyfile'), '--adapter', 'caddyfile'],
      {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      }
    )
    assert.equal(result.status, 0, result.stderr)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
