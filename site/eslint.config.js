// @ts-check
import js from '@eslint/js'
import astro from 'eslint-plugin-astro'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { importBoundary } from '../eslint.boundaries.js'

const UNDER_THE_PAGES =
  'lib/ sits under the components, layouts and pages: move what it needs out of them into lib/.'

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    files: ['**/*.{js,mjs,ts,tsx,astro}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  importBoundary({
    files: ['src/lib/**/*.{js,mjs,ts,tsx}'],
    forbidden: { components: UNDER_THE_PAGES, layouts: UNDER_THE_PAGES, pages: UNDER_THE_PAGES },
  })
)
