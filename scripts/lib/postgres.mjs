/*
 * Scratch PostgreSQL databases for `npm test` and `npm run bench`: made afresh or dropped
 * through the server's maintenance database (`postgres`), reached with `url`'s credentials.
 */

/** Connects to the server's maintenance database; null when PostgreSQL does not answer. */
async function adminClient(url) {
  const admin = new URL(url)
  admin.pathname = '/postgres'
  /* Imported here: on a fresh clone, `pg` exists only after the install step. */
  const { default: pg } = await import('pg')
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: 3000,
  })
  try {
    await client.connect()
    return client
  } catch {
    return null
  }
}

/** Whether PostgreSQL answers at `url`'s server. */
export async function postgresAnswers(url) {
  const client = await adminClient(url)
  await client?.end()
  return client !== null
}

/**
 * Drops the database `url` names (closing its connections) and, unless `drop`, makes it again,
 * empty: nothing is left over from an interrupted run. False when PostgreSQL does not answer.
 */
export async function recreateDatabase(url, { drop = false } = {}) {
  const client = await adminClient(url)
  if (!client) return false
  const name = new URL(url).pathname.slice(1)
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    if (!drop) await client.query(`CREATE DATABASE "${name}"`)
    return true
  } finally {
    await client.end()
  }
}
