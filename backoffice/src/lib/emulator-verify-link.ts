/**
 * The e-mail verification link the Firebase Auth emulator would have e-mailed. It sends no
 * e-mail: it records each out-of-band code and exposes the list at
 * `GET {emulatorUrl}/emulator/v1/projects/{projectId}/oobCodes`, so in development the
 * account area can show the verification link itself. Production never asks (no emulator).
 * Apart from email-verification.ts: only the notice's own chunk needs it, not every page.
 */

export interface EmulatorOobCode {
  email: string
  requestType: string
  oobLink: string
  oobCode?: string
}

/** Where the emulator lists the codes it would have e-mailed. */
export function oobCodesUrl(emulatorUrl: string, projectId: string): string {
  return `${emulatorUrl.replace(/\/+$/, '')}/emulator/v1/projects/${encodeURIComponent(projectId)}/oobCodes`
}

/**
 * The newest unused e-mail verification link for `email` in the emulator's answer, or
 * `null`. The emulator lists codes in the order it issued them and drops a code once used.
 * Only a link on the emulator's own origin is returned, so nothing else ever becomes a link.
 */
export function newestVerifyLink(
  answer: unknown,
  email: string,
  emulatorUrl: string
): string | null {
  const codes = (answer as { oobCodes?: unknown } | null | undefined)?.oobCodes
  if (!Array.isArray(codes)) return null
  const wanted = email.trim().toLowerCase()
  let origin: string
  try {
    origin = new URL(emulatorUrl).origin
  } catch {
    return null
  }
  for (let index = codes.length - 1; index >= 0; index -= 1) {
    const code = codes[index] as Partial<EmulatorOobCode> | null
    if (
      code?.requestType !== 'VERIFY_EMAIL' ||
      typeof code.email !== 'string' ||
      code.email.trim().toLowerCase() !== wanted ||
      typeof code.oobLink !== 'string'
    )
      continue
    try {
      if (new URL(code.oobLink).origin === origin) return code.oobLink
    } catch {
      // A malformed link is skipped like any other unusable entry.
    }
  }
  return null
}
