/**
 * The file name the server gave (`Content-Disposition: attachment; filename="…"`), its last
 * part only (never a path); else `fallback`.
 */
export function attachmentName(
  contentDisposition: string | null | undefined,
  fallback: string
): string {
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1]
  const name =
    decodeName(named ?? '')
      .split(/[\\/]/)
      .pop()
      ?.trim() ?? ''
  return /^\.*$/.test(name) ? fallback : name
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

/**
 * Saves bytes the page holds as a file on her device: an object URL behind a temporary
 * `<a download>`, clicked, then removed; the URL is let go once the browser has had time to
 * start reading it (revoking it at once can cut the download short in some browsers).
 */
const REVOKE_AFTER_MS = 30_000

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
  }
}
