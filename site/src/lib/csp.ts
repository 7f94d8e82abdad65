/** Content-Security-Policy sources for what the site writes inline. */
import { createHash } from 'node:crypto'

/**
 * The CSP hash source of an inline script or style (`sha256-…`, the form Astro's own hashes
 * take). The exact text between the tags is hashed, so the code must be rendered unchanged
 * (`set:html`), never re-indented.
 */
export function sha256Source(code: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`
}
