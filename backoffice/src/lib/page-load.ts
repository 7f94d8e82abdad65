/**
 * A full page load of one of our paths: what follows the end of her session (her account
 * closed), so that nothing of the ended session stays in memory.
 */
export function loadPage(path: string): void {
  window.location.assign(path)
}
