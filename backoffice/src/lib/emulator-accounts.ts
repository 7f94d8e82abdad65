/**
 * The local Google account chooser used while the Firebase Auth emulator stands in for
 * Google (offline, the real popup cannot load). Accounts used before are remembered on
 * this device so they can be picked again with one click.
 */

export interface EmulatorGoogleAccount {
  name: string
  email: string
}

const STORAGE_KEY = 'sakan.emulatorGoogleAccounts'
const MAX_REMEMBERED = 5

export function rememberedAccounts(
  storage: Pick<Storage, 'getItem'> | undefined = safeStorage()
): EmulatorGoogleAccount[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.filter(
      (entry): entry is EmulatorGoogleAccount =>
        typeof entry?.name === 'string' &&
        typeof entry?.email === 'string' &&
        entry.email.includes('@')
    )
  } catch {
    return []
  }
}

export function rememberAccount(
  account: EmulatorGoogleAccount,
  storage: Storage | undefined = safeStorage()
): void {
  const email = account.email.trim().toLowerCase()
  const others = rememberedAccounts(storage).filter((entry) => entry.email.toLowerCase() !== email)
  const next = [{ name: account.name.trim(), email }, ...others].slice(0, MAX_REMEMBERED)
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(next))
  } catch {
    // Not remembering is fine.
  }
}

/**
 * The unsigned ID token the emulator accepts for `GoogleAuthProvider.credential`. `sub` is
 * derived from the e-mail so the same address always comes back as the same Google user.
 */
export function emulatorIdToken(account: EmulatorGoogleAccount): string {
  const email = account.email.trim().toLowerCase()
  return JSON.stringify({
    sub: `emulator-${email.replace(/[^a-z0-9]/g, '-')}`,
    email,
    name: account.name.trim(),
    email_verified: true,
  })
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}
