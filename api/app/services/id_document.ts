import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { IdDocumentType } from '@sakan/common'

/** The file types we accept, recognised by their first bytes — never by name or claimed type. */
const SIGNATURES: Array<{ type: IdDocumentType; extension: string; bytes: number[] }> = [
  { type: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
]

export interface IdDocument {
  contents: Buffer
  type: IdDocumentType
  /** Our own opaque storage key: `applications/<uuid>.<ext>`. */
  key: string
}

export function sniff(contents: Buffer): (typeof SIGNATURES)[number] | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => contents[index] === byte))
}

/** Reads an uploaded document and names it, or answers undefined when it is not jpeg, png or pdf. */
export async function readIdDocument(file: MultipartFile): Promise<IdDocument | undefined> {
  if (!file.tmpPath) return undefined
  const contents = await readFile(file.tmpPath)
  const kind = sniff(contents)
  if (!kind) return undefined
  return { contents, type: kind.type, key: `applications/${randomUUID()}.${kind.extension}` }
}

/** Keys we generate, and nothing else, name a stored document. */
export const DOCUMENT_KEY =
  /^applications\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|pdf)$/
