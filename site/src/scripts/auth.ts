/**
 * The signed-in state in the public pages' header: when this browser holds a
 * session, the Log In / Sign Up links become the user menu (name, Dashboard or Admin Panel,
 * Log Out) and the apply buttons point straight to the application. Runs after the page is
 * shown and asks the API only when a session is likely, so signed-out visitors pay nothing.
 */
import {
  AUTH_SESSION_HINT_KEY,
  AUTH_SIGNED_OUT_KEY,
  localePath,
  pickLocale,
  type SessionUser,
} from '@sakan/common'
import { api } from './http'

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Full name, else username, else the e-mail's local part. */
export function displayName(user: SessionUser): string {
  return user.fullName?.trim() || user.username?.trim() || user.email.split('@')[0] || user.email
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  return words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase()
}

async function currentUser(): Promise<SessionUser | null> {
  if (storage()?.getItem(AUTH_SESSION_HINT_KEY) !== '1') return null
  try {
    const { status, data } = await api<SessionUser>('/api/auth/me', { locale: true })
    if (status === 401) storage()?.removeItem(AUTH_SESSION_HINT_KEY)
    return data
  } catch {
    return null
  }
}

async function logOut(): Promise<void> {
  try {
    await api('/api/auth/logout', { method: 'POST' })
  } catch {
    /* The session ends with the cookie's expiry; the markers below still take effect. */
  }
  storage()?.setItem(AUTH_SIGNED_OUT_KEY, '1')
  storage()?.removeItem(AUTH_SESSION_HINT_KEY)
  window.location.assign(localePath(pickLocale(document.documentElement.lang)))
}

/** The menu from the header's template, filled in with her name, e-mail and destination. */
function renderUserMenu(slot: HTMLElement, template: HTMLTemplateElement, user: SessionUser): void {
  const labels = slot.dataset
  const name = displayName(user)
  const destination = user.isAdmin ? '/admin' : '/dashboard'
  const menu = template.content.firstElementChild!.cloneNode(true) as HTMLElement
  const part = <T extends HTMLElement>(selector: string) => menu.querySelector<T>(selector)!

  const trigger = part<HTMLButtonElement>('.user-menu-trigger')
  const panel = part('.user-menu-panel')
  const dashboard = part<HTMLAnchorElement>('a')
  const logout = part<HTMLButtonElement>('[data-testid="logout"]')
  /* Named by what it shows (her name), then what it is: an aria-label would hide the visible
     text from speech input (WCAG 2.5.3, axe's label-content-name-mismatch). */
  part('[data-user-menu-what]').textContent = ` (${labels.labelMenu ?? ''})`
  part('.user-avatar').textContent = initials(name)
  part('.user-name').textContent = name
  part('.user-name').title = name
  part('.user-menu-name').textContent = name
  part('.user-menu-email').textContent = user.email
  dashboard.href = destination
  dashboard.textContent = (user.isAdmin ? labels.labelAdmin : labels.labelDashboard) ?? ''
  logout.textContent = labels.labelLogout ?? ''
  slot.replaceChildren(menu)

  const setOpen = (open: boolean) => {
    panel.hidden = !open
    trigger.setAttribute('aria-expanded', String(open))
  }
  trigger.addEventListener('click', () => {
    setOpen(panel.hidden)
    if (!panel.hidden) dashboard.focus()
  })
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      setOpen(false)
      trigger.focus()
    }
  })
  document.addEventListener('click', (event) => {
    if (!menu.contains(event.target as Node)) setOpen(false)
  })
  logout.addEventListener('click', () => {
    logout.setAttribute('disabled', '')
    void logOut()
  })

  const navLink = document.querySelector<HTMLAnchorElement>('[data-nav-key="dashboard"]')
  if (navLink) {
    navLink.href = destination
    if (user.isAdmin && labels.labelAdmin) navLink.textContent = labels.labelAdmin
  }
}

export async function initAuth(): Promise<void> {
  const slot = document.querySelector<HTMLElement>('[data-auth-slot]')
  const template = document.querySelector<HTMLTemplateElement>('template[data-user-menu-template]')
  const user = await currentUser()
  if (!slot || !template || !user) return
  renderUserMenu(slot, template, user)
  window.sakanAuth = { signedIn: true }
  document.dispatchEvent(new CustomEvent('sakan:auth', { detail: { signedIn: true } }))
}
