/**
 * The ID document of an application: one JPEG, PNG or PDF file of at
 * most 10 MB. The server decides the type from the bytes; these checks only spare her an
 * upload that would be refused.
 */
import { ID_DOCUMENT_MAX_BYTES, ID_DOCUMENT_TYPES } from '@sakan/common'

/** The file picker's `accept`: the types, and their extensions for systems that send no type. */
export const ID_DOCUMENT_ACCEPT = [...ID_DOCUMENT_TYPES, '.jpg', '.jpeg', '.png', '.pdf'].join(',')

const EXTENSIONS = /\.(jpe?g|png|pdf)$/i

export type IdDocumentProblem = 'missing' | 'type' | 'size' | 'empty'

/** What is wrong with a chosen file, or null when it can be sent. */
export function idDocumentProblem(
  file: Pick<File, 'name' | 'type' | 'size'> | null | undefined
): IdDocumentProblem | null {
  if (!file) return 'missing'
  const typeKnown = file.type !== ''
  const accepted = typeKnown
    ? (ID_DOCUMENT_TYPES as readonly string[]).includes(file.type.toLowerCase())
    : EXTENSIONS.test(file.name)
  if (!accepted) return 'type'
  if (file.size === 0) return 'empty'
  if (file.size > ID_DOCUMENT_MAX_BYTES) return 'size'
  return null
}

export type DocumentKind = 'image' | 'pdf' | 'other'

/** How a stored document is shown: images in a dialog, everything else in a new tab. */
export function documentKind(
  contentType: string | null | undefined,
  key?: string | null
): DocumentKind {
  const type = contentType?.toLowerCase() ?? ''
  if (type.startsWith('image/')) return 'image'
  if (type === 'application/pdf') return 'pdf'
  if (!type && key) {
    if (/\.(jpe?g|png|gif|webp)$/i.test(key)) return 'image'
    if (/\.pdf$/i.test(key)) return 'pdf'
  }
  return 'other'
}

/** Where the API serves a stored document (`GET /api/images/{documentPath}`). */
export function documentUrl(key: string): string {
  return `/api/images/${key.split('/').map(encodeURIComponent).join('/')}`
}
