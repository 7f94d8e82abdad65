import { test } from '@japa/runner'
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { STALE_UPLOAD_MS, sweepStaleUploads } from '#server/uploads'

test.group('Orphaned uploads', () => {
  test('files older than any live upload are removed at start; recent ones stay', async ({
    assert,
  }) => {
    const folder = await mkdtemp(join(tmpdir(), 'sakan-uploads-'))
    try {
      await writeFile(join(folder, 'in-flight'), 'being written right now')
      /* Now by the file system's clock: the same as the process's, unless a test shifts it. */
      const now = (await stat(join(folder, 'in-flight'))).mtimeMs
      const old = new Date(now - STALE_UPLOAD_MS - 60_000)
      await writeFile(join(folder, 'orphan'), 'left by a killed process')
      await utimes(join(folder, 'orphan'), old, old)
      assert.equal(await sweepStaleUploads(folder, now), 1)
      assert.deepEqual(await readdir(folder), ['in-flight'])
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  test('a missing folder is nothing to sweep', async ({ assert }) => {
    assert.equal(await sweepStaleUploads(join(tmpdir(), 'sakan-no-such-folder')), 0)
  })
})
