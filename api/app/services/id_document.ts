import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { PDFDocument } from 'pdf-lib'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { ID_DOCUMENT_TYPES } from '@sakan/common'
import type { IdDocumentType, MaintenancePhotoType } from '@sakan/common'

/** Every type an upload may be, whatever the route; each route accepts a subset. */
export type UploadType = IdDocumentType | MaintenancePhotoType

/**
 * The file types we accept, recognised by their first bytes — never by name or claimed type.
 * `null` matches any byte (a WebP file's RIFF header carries its length there).
 */
const SIGNATURES: Array<{ type: UploadType; extension: string; bytes: Array<number | null> }> = [
  { type: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  {
    type: 'image/webp',
    extension: 'webp',
    bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
  },
  { type: 'application/pdf', extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
]

/**
 * Larger images are refused before they are decoded: 50 megapixels holds a 48-megapixel
 * phone photo, while a few-kilobyte "decompression bomb" would claim far more.
 */
const MAX_IMAGE_PIXELS = 50_000_000

/** An upload that passed its checks, ready to store under our own key. */
export interface CheckedUpload<Type extends UploadType = UploadType> {
  contents: Buffer
  type: Type
  /** Our own opaque storage key: `<folder>/<uuid>.<ext>`. */
  key: string
}

export type IdDocument = CheckedUpload<IdDocumentType>

function sniff(contents: Buffer): (typeof SIGNATURES)[number] | undefined {
  return SIGNATURES.find(({ bytes }) =>
    bytes.every((byte, index) => byte === null || contents[index] === byte)
  )
}

/**
 * Reads an uploaded file and names it, or answers undefined when it is not a whole file of
 * one of the `accepted` types. Images are decoded and encoded again, so what we keep holds
 * only pixels: no bytes of the sender's choosing and no metadata (a phone's EXIF carries its
 * GPS position). A PDF must parse, with at least one page.
 */
export async function readUpload<Type extends UploadType>(
  file: MultipartFile,
  accepted: readonly Type[],
  folder: string
): Promise<CheckedUpload<Type> | undefined> {
  if (!file.tmpPath) return undefined
  const received = await readFile(file.tmpPath)
  const kind = sniff(received)
  if (!kind || !(accepted as readonly UploadType[]).includes(kind.type)) return undefined
  const contents =
    kind.type === 'application/pdf' ? await checkedPdf(received) : await reencoded(received, kind)
  if (!contents) return undefined
  return { contents, type: kind.type as Type, key: `${folder}/${randomUUID()}.${kind.extension}` }
}

/** An ID document: a jpeg, png or pdf, kept under `applications/`. */
export function readIdDocument(file: MultipartFile): Promise<IdDocument | undefined> {
  return readUpload(file, ID_DOCUMENT_TYPES, 'applications')
}

/** The sharp format of each image type we accept. */
const IMAGE_FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const

async function reencoded(
  contents: Buffer,
  kind: (typeof SIGNATURES)[number]
): Promise<Buffer | undefined> {
  if (!(kind.type in IMAGE_FORMATS)) return undefined
  const format = IMAGE_FORMATS[kind.type as keyof typeof IMAGE_FORMATS]
  try {
    /* `failOn: 'error'` still refuses broken files but forgives the warnings some cameras cause. */
    const image = sharp(contents, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    if ((await image.metadata()).format !== format) return undefined
    /* Turned upright first (the orientation is metadata too); the output keeps none. */
    const output = image.rotate()
    if (format === 'png') return await output.png().toBuffer()
    if (format === 'webp') return await output.webp({ quality: 90 }).toBuffer()
    return await output.jpeg({ quality: 90 }).toBuffer()
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
