/**
 * The apply buttons: `/application/{id}` when signed in, else `/login?redirect=/application/{id}`.
 * The site cannot know the session yet, so buttons start signed out; the identity issue
 * announces the session with `document.dispatchEvent(new CustomEvent('sakan:auth',
 * { detail: { signedIn: true } }))` (or sets `window.sakanAuth = { signedIn }` before this runs).
 */
declare global {
  interface Window {
    sakanAuth?: { signedIn: boolean }
  }
}

export function applyHref(applyPath: string, signedIn: boolean): string {
  return signedIn ? applyPath : `/login?redirect=${applyPath}`
}

export function setSignedIn(signedIn: boolean): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-apply]')) {
    const path = link.dataset.applyPath
    if (path) link.href = applyHref(path, signedIn)
  }
  for (const note of document.querySelectorAll<HTMLElement>('[data-apply-note]'))
    note.hidden = signedIn
}

export function initApplyLinks(): void {
  if (window.sakanAuth) setSignedIn(window.sakanAuth.signedIn)
  document.addEventListener('sakan:auth', (event) => {
    setSignedIn(Boolean((event as CustomEvent<{ signedIn?: boolean }>).detail?.signedIn))
  })
}
