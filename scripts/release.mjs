/*
 * The release step of a deployment (docker-compose's one-shot `migrate` service), run once
 * before the API replicas start:
 *   1. migrate the database (and seed the demo when SEED_DEMO=1);
 *   2. start this image's API on an internal port, without a site;
 *   3. build the public site from it into site/dist (a volume the replicas mount);
 *   4. stop.
 * The account app is built into the image already (it needs no data).
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { API_SERVER_ARGS, API_SERVER_ENV, root, run, waitForHttp } from './lib/steps.mjs'

const api = join(root, 'api')
const port = process.env.RELEASE_PORT ?? '3999'
const internal = `http://127.0.0.1:${port}`

await run('migrate', 'node', ['ace', 'migration:run', '--force'], { cwd: api })
if (process.env.SEED_DEMO === '1') await run('seed', 'node', ['ace', 'db:seed'], { cwd: api })

const server = spawn('node', API_SERVER_ARGS, {
  cwd: api,
  stdio: 'inherit',
  env: {
    ...API_SERVER_ENV,
    ...process.env,
    HOST: '127.0.0.1',
    PORT: port,
    SITE_DIST: '/nonexistent',
    BACKOFFICE_DIST: '/nonexistent',
  },
})
try {
  await waitForHttp(`${internal}/api/health`)
  await run('build site', 'npm', ['run', 'build', '-w', 'site'], {
    cwd: root,
    env: {
      ...process.env,
      SAKAN_API_URL: internal,
      SAKAN_SITE_URL: process.env.APP_URL ?? internal,
    },
  })
} finally {
  server.kill('SIGINT')
}
