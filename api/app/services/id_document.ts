import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { PDFDocument } from 'pdf-lib'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { IdDocumentType } from '@sakan/common'

/** The file types we accept, recognised by their first bytes — never by name or claimed type. */
const SIGNATURES: Array<{ type: IdDocumentType; extension: string; bytes: number[] }> = [
  { type: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
]

/**
 * Larger images are refused before they are decoded: 50 megapixels holds a 48-megapixel
 * phone photo, while a few-kilobyte "decompression bomb" would claim far more.
 */
const MAX_IMAGE_PIXELS = 50_000_000

export interface IdDocument {
  contents: Buffer
  type: IdDocumentType
  /** Our own opaque storage key: `applications/<uuid>.<ext>`. */
  key: string
}

function sniff(contents: Buffer): (typeof SIGNATURES)[number] | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => contents[index] === byte))
}

/**
 * Reads an uploaded document and names it, or answers undefined when it is not a whole
 * jpeg, png or pdf. Images are decoded and encoded again, so what we keep holds only pixels:
 * no bytes of the sender's choosing and no metadata (a phone's EXIF carries its GPS position).
 * A PDF must parse, with at least one page.
 */
export async function readIdDocument(file: MultipartFile): Promise<IdDocument | undefined> {
  if (!file.tmpPath) return undefined
  const received = await readFile(file.tmpPath)
  const kind = sniff(received)
  if (!kind) return undefined
  const contents =
    kind.type === 'application/pdf' ? await checkedPdf(received) : await reencoded(received, kind)
  if (!contents) return undefined
  return { contents, type: kind.type, key: `applications/${randomUUID()}.${kind.extension}` }
}

async function reencoded(
  contents: Buffer,
  kind: (typeof SIGNATURES)[number]
): Promise<Buffer | undefined> {
  const format = kind.type === 'image/png' ? 'png' : 'jpeg'
  try {
    /* `failOn: 'error'` still refuses broken files but forgives the warnings some cameras cause. */
    const image = sharp(contents, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    if ((await image.metadata()).format !== format) return undefined
    /* Turned upright first (the orientation is metadata too); the output keeps none. */
    const output = image.rotate()
    return await (format === 'png' ? output.png() : output.jpeg({ quality: 90 })).toBuffer()
  } catch {
    return undefined
  }
}

async function checkedPdf(contents: Buffer): Promise<Buffer | undefined> {
  try {
    const pdf = await PDFDocument.load(contents, {
      /* Password-protected scans are still documents: we check structure, not text. */
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    })
    return pdf.getPageCount() > 0 ? contents : undefined
  } catch {
    return undefined
  }
}

/** Keys we generate, and nothing else, name a stored document. */
export const DOCUMENT_KEY =
  /^applications\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|pdf)$/
