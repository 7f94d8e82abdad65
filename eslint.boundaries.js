/**
 * Layers point one way: `files` import none of the folders of `forbidden` (folder → why),
 * whether by an import, a re-export or an `import()`. A folder is named by its API alias
 * (`#services/…`) or as a segment of a relative path (`../components/…`); a package's path
 * (`@adonisjs/lucid/services/db`) never matches. The back office and the site use it too.
 *
 * @param {{ files: string[], ignores?: string[], forbidden: Record<string, string> }} boundary
 */
export function importBoundary({ files, ignores = [], forbidden }) {
  const folders = Object.entries(forbidden)
  const source = (folder) => `^(?:#${folder}/|\\.{1,2}/(?:[^/]+/)*${folder}(?:/|$))`
  /* A selector's regular expression cannot hold a slash: `\x2F` stands for it. */
  const inSelector = (folder) => source(folder).replaceAll('/', '\\x2F')
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: folders.map(([folder, message]) => ({ regex: source(folder), message })) },
      ],
      'no-restricted-syntax': [
        'error',
        ...folders.map(([folder, message]) => ({
          selector: `ImportExpression[source.value=/${inSelector(folder)}/]`,
          message,
        })),
      ],
    },
  }
}
