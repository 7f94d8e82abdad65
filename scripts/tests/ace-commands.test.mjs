/*
 * The API's ace commands load. Ace imports every command module to list them, before the
 * application's providers have booted, so one command that imports (even through a service) a
 * validator built with VineJS's file rule — added by a provider — breaks every command,
 * `migration:run` and the bench's `ledger:generate` among them (it happened twice unnoticed:
 * nothing else in `npm test` runs ace). Such a command imports its services inside `run()`.
 *
 *   node --test scripts/tests/ace-commands.test.mjs
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const api = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'api')

test('every ace command of the API loads and is listed', () => {
  /* A clean environment: the commands must load with nothing but what a fresh clone has. */
  const result = spawnSync(process.execPath, ['ace', 'list'], {
    cwd: api,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  assert.equal(result.status, 0, `node ace list failed:\n${result.stdout}\n${result.stderr}`)
  /* Each of ours by the name it declares, and one of Lucid's. */
  const names = readdirSync(join(api, 'commands'))
    .filter((file) => file.endsWith('.ts') && !file.startsWith('_'))
    .map(
      (file) =>
        /static commandName = '([^']+)'/.exec(
          readFileSync(join(api, 'commands', file), 'utf8')
        )?.[1]
    )
  assert.ok(names.length >= 10, 'the API has its commands')
  for (const name of [...names, 'migration:run']) {
    assert.ok(name, 'every command declares its name')
    assert.match(
      result.stdout,
      new RegExp(`^\\s+${name.replace(':', '\\:')}\\s`, 'm'),
      `${name} is not listed`
    )
  }
})
