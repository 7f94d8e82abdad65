/*
 * The layers point one way, and the linter says so (eslint.boundaries.js): an import against
 * the grain, added to a file of a lower layer, fails `npm run lint` (the API) or the back
 * office's and the site's own `npm run lint`, and an import with the grain passes. Each
 * snippet is linted under a made-up file name with the workspace's own configuration.
 *
 *   node --test scripts/tests/import-boundaries.test.mjs
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax'])

/**
 * Every workspace's linter, made once: the API's is the repository's own configuration. Each
 * names its folder as typescript-eslint's root, which it cannot guess once one process has
 * loaded two configurations.
 */
const linters = new Map()
function linterOf(workspace) {
  const cwd = join(repo, workspace)
  if (!linters.has(workspace)) {
    const parserOptions = { tsconfigRootDir: cwd }
    linters.set(
      workspace,
      new ESLint({ cwd, overrideConfig: { languageOptions: { parserOptions } } })
    )
  }
  return linters.get(workspace)
}

/** The messages of `code` linted as `filePath` (relative to the workspace). */
async function lint(workspace, filePath, code) {
  const [result] = await linterOf(workspace).lintText(code, { filePath })
  return result.messages
}

/** A file that imports `source` and uses what it imports. */
const importing = (source) => `import { value } from '${source}'\n\nexport const used = value\n`

/** A file that imports `source` only when called, by `import()`. */
const importingLater = (source) => `export const later = () => import('${source}')\n`

async function assertRefused(workspace, filePath, code) {
  const messages = await lint(workspace, filePath, code)
  assert.ok(
    messages.length > 0 && messages.every((message) => BOUNDARY_RULES.has(message.ruleId)),
    `${filePath} should be refused by an import boundary only: ${JSON.stringify(messages)}`
  )
}

async function assertAllowed(workspace, filePath, code) {
  assert.deepEqual(await lint(workspace, filePath, code), [], `${filePath}: ${code}`)
}

/** One workspace's boundaries: what its linter refuses, and what it lets pass. */
function boundariesOf(workspace) {
  return {
    refuses: (filePath, code) => assertRefused(workspace, filePath, code),
    allows: (filePath, code) => assertAllowed(workspace, filePath, code),
  }
}

const api = boundariesOf('.')
const backoffice = boundariesOf('backoffice')
const site = boundariesOf('site')

test('an API validator imports no service, controller or server module', async () => {
  await api.refuses('api/app/validators/probe.ts', importing('#services/tenancies'))
  await api.refuses('api/app/validators/probe.ts', importing('#controllers/x_controller'))
  await api.refuses(
    'api/app/validators/probe.ts',
    "import type { LocaleI18n } from '#server/request_locale'\n\nexport type Used = LocaleI18n\n"
  )
  await api.refuses('api/app/validators/probe.ts', importingLater('#services/tenancies'))
})

test('an API transformer or model imports no service', async () => {
  await api.refuses('api/app/transformers/probe.ts', importing('#services/tenancies'))
  await api.refuses('api/app/models/probe.ts', "export { value } from '#services/tenancies'\n")
  await api.refuses('api/app/models/probe.ts', importing('#controllers/x_controller'))
})

test('an API service imports no controller, by its alias or a relative path', async () => {
  await api.refuses('api/app/services/probe.ts', importing('#controllers/rooms_controller'))
  await api.refuses('api/app/services/probe.ts', importing('../controllers/rooms.js'))
  await api.refuses('api/app/server/probe.ts', importing('#controllers/rooms_controller'))
})

test('the API imports nothing of database/', async () => {
  await api.refuses(
    'api/commands/probe.ts',
    importing('../../database/seeders/02_demo_accounts_seeder.js')
  )
})

test('imports with the grain pass in the API', async () => {
  await api.allows(
    'api/app/controllers/probe.ts',
    [
      "import Catalog from '#controllers/admin/catalog_controller'",
      "import Room from '#models/room'",
      "import { sizePhoto } from '#services/room_photos'",
      "import { withUpload } from '#server/uploads'",
      "import { MAX_ID } from '#validators/limits'",
      "import { instant } from '#transformers/helpers'",
      '',
      'export const used = [Catalog, Room, sizePhoto, withUpload, MAX_ID, instant]',
      '',
    ].join('\n')
  )
  await api.allows(
    'api/app/services/probe.ts',
    [
      "import db from '@adonisjs/lucid/services/db'",
      "import Room from '#models/room'",
      "import { MAX_ID } from '#validators/limits'",
      "import FieldRefusalException from '#exceptions/field_refusal_exception'",
      '',
      'export const used = [db, Room, MAX_ID, FieldRefusalException]',
      '',
    ].join('\n')
  )
  await api.allows('api/app/validators/probe.ts', importing('#validators/limits'))
})

test("the back office's lib/, config/ and providers/ import no component or page", async () => {
  await backoffice.refuses('src/lib/probe.ts', importing('../components/feedback/ToastViewport'))
  await backoffice.refuses('src/config/probe.ts', importing('../pages/login'))
  await backoffice.refuses(
    'src/providers/probe.ts',
    importingLater('../components/feedback/ToastViewport')
  )
  await backoffice.refuses('src/components/forms/probe.tsx', importing('../../pages/login'))
  await backoffice.allows('src/providers/probe.ts', importing('../lib/toasts'))
  await backoffice.allows('src/components/forms/probe.tsx', importing('../../lib/toasts'))
})

test("the site's lib/ imports no component, layout or page", async () => {
  await site.refuses('src/lib/probe.ts', importing('../components/RoomCard'))
  await site.refuses('src/lib/probe.ts', importing('../pages/sitemap.xml'))
  await site.allows('src/components/probe.ts', importing('../lib/room'))
})
