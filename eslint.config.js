import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'
import { importBoundary } from './eslint.boundaries.js'

/** Why an API layer may not import a folder. */
const API_REASONS = {
  controllers:
    'Controllers are the top of the API (the routes and other controllers import them): move what is shared into a service, a validator or a transformer.',
  services:
    'Services sit above validators, transformers and models: move the value they share down (beside the validator, in config/ or in @sakan/common).',
  server:
    'server/ is the HTTP glue the controllers use: pass what is needed as an argument, or move it down.',
  database:
    'database/ (migrations, seeders, seed data) imports the API, never the other way round: keep what both use in the API.',
}

/** The API's folders a file may not import (controllers call services, services models). */
const apiBoundary = (files, folders, ignores) =>
  importBoundary({
    files,
    ignores,
    forbidden: Object.fromEntries(folders.map((folder) => [folder, API_REASONS[folder]])),
  })

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/tmp/**',
      '**/storage/**',
      '**/.astro/**',
      '**/.adonisjs/**',
      '**/test-results/**',
      '**/playwright-report/**',
      /* These workspaces lint themselves with their own configs (npm run lint -w …). */
      'site/**',
      'backoffice/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['api/**/*.ts', 'database/**/*.ts'],
    rules: {
      /* Knex callbacks and driver objects are untyped at the boundary. */
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    /* Decorated model fields keep value imports for their emitted metadata. */
    files: ['api/app/models/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    /* `interface X extends Inferred<…> {}` is how AdonisJS configs augment its types. */
    files: ['api/config/**/*.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': 'off' },
  },
  apiBoundary(['api/{app,commands,config,start}/**/*.ts'], ['database']),
  apiBoundary(['api/app/**/*.ts'], ['controllers', 'database'], ['api/app/controllers/**']),
  apiBoundary(['api/app/services/**/*.ts'], ['controllers', 'server', 'database']),
  apiBoundary(
    ['api/app/{models,validators,transformers}/**/*.ts'],
    ['services', 'controllers', 'server', 'database']
  ),
  prettier
)
