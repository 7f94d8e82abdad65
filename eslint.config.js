import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'

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
  prettier
)
