import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import root from '../eslint.config.js'

/** The repository's rules, plus browser globals and React's hook rules for the back office. */
export default [
  ...root,
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
]
