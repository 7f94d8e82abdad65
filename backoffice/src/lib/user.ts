/** The signed-in user as `POST /api/auth/firebase-login` and `GET /api/auth/me` answer it. */
import type { SessionUser } from '@sakan/common'

export type { SessionUser } from '@sakan/common'

/** What the header and the welcome text call her: full name, else username, else e-mail. */
export function displayNameOf(user: Pick<SessionUser, 'fullName' | 'username' | 'email'>): string {
  return user.fullName?.trim() || user.username?.trim() || user.email
}

/** One or two initials for the avatar, in the script the name is written in. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]]
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase()
}

export function isAdmin(user: Pick<SessionUser, 'role' | 'isAdmin'> | null | undefined): boolean {
  return Boolean(user && (user.isAdmin || user.role === 'admin'))
}
