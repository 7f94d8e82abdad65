/** Remembering the visitor's language: localStorage (shared with the back office) and a cookie mirror for the server. */
import { LANGUAGE_STORAGE_KEY } from '@sakan/common'

export function rememberLanguage(lang: string): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang)
  } catch {
    // Storage can be unavailable (private mode); the cookie still carries the choice.
  }
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
}
