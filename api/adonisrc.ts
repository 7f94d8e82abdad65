import { defineConfig } from '@adonisjs/core/app'

export default defineConfig({
  experimental: {},

  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/session/commands'),
  ],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/i18n/i18n_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    /* The SMTP mailer; its templates are rendered by services/outbox.ts (no Edge provider). */
    () => import('@adonisjs/mail/mail_provider'),
    /* The public reads' middleware and controllers called on one instance each (measured). */
    {
      file: () => import('./providers/direct_calls_provider.js'),
      environment: ['web', 'test'],
    },
  ],

  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/limiter'),
    () => import('#start/sql_trace'),
    { file: () => import('#start/uploads'), environment: ['web'] },
    { file: () => import('#start/outbox'), environment: ['web'] },
  ],

  tests: {
    suites: [
      {
        files: ['tests/unit/**/*.spec.ts'],
        name: 'unit',
        timeout: 5000,
      },
      {
        files: ['tests/functional/**/*.spec.ts'],
        name: 'functional',
        timeout: 60000,
      },
      {
        /* Runs last: seeds and migrates for real, outside per-test transactions. */
        files: ['tests/schema/seed.spec.ts', 'tests/schema/migrations.spec.ts'],
        name: 'schema',
        timeout: 120000,
      },
    ],
    forceExit: false,
  },

  metaFiles: [],
})
