/*
 * A scratch S3-compatible server for tests (s3rver: S3's REST API over a folder, pure Node),
 * on a free loopback port with one empty bucket. MinIO is what production runs
 * (docker-compose.yml); the API talks to either through Drive's S3 driver, path-style.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** s3rver accepts any signature made with these. */
const KEY = 'S3RVER'

/**
 * Starts the server; resolves with the API's environment for it (`DRIVE_DISK=s3`, `S3_*`),
 * the folder it keeps objects in, a stop function that also removes that folder, and
 * halt/resume (an outage: the objects are kept, the port is the same).
 */
export async function startS3Server({ bucket = 'sakan-test' } = {}) {
  /* Imported here: on a fresh clone, s3rver exists only after the install step. */
  const { default: S3rver } = await import('s3rver')
  const directory = mkdtempSync(join(tmpdir(), 'sakan-s3-'))
  const serve = async (port) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    })
    return { server, port: (await server.run()).port }
  }
  let { server, port } = await serve(0)
  const endpoint = `http://127.0.0.1:${port}`
  let stopped = false
  return {
    endpoint,
    directory,
    env: {
      DRIVE_DISK: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY: KEY,
      S3_SECRET_KEY: KEY,
    },
    /** Stops answering, keeping the objects (the fault suite's S3 outage). */
    async halt() {
      if (server) await server.close()
      server = null
    },
    /** Answers again, on the same port, with the same objects. */
    async resume() {
      if (!server) server = (await serve(port)).server
    },
    async stop() {
      if (stopped) return
      stopped = true
      if (server) await server.close()
      server = null
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
