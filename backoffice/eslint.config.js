import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import root from '../eslint.config.js'
import { importBoundary } from '../eslint.boundaries.js'

const UNDER_THE_UI =
  'lib/, config/ and providers/ sit under the components and pages: move what they need out of components/ (into lib/ or providers/).'

/** The repository's rules, plus browser globals and React's hook rules for the back office. */
export default [
  ...root,
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  importBoundary({
    files: ['src/{lib,config,providers}/**/*.{ts,tsx}'],
    forbidden: { components: UNDER_THE_UI, pages: UNDER_THE_UI },
  }),
  importBoundary({
    files: ['src/components/**/*.{ts,tsx}'],
    forbidden: {
      pages:
        'Pages are made of components, not the other way round: move what is shared into components/ or lib/.',
    },
  }),
]
