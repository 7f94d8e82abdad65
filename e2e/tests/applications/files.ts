/**
 * ID documents made in the test: a real PNG image and a real (if tiny) PDF, optionally
 * padded so an upload takes long enough to watch its progress.
 */
import { randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'

export interface TestFile {
  name: string
  mimeType: string
  buffer: Buffer
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, checksum])
}

/** A width × height PNG: a coloured card with a lighter band, like a photographed ID. */
export function pngFile(name = 'id-card.png', width = 480, height = 300): TestFile {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3)
    const band = y > height * 0.6 && y < height * 0.8
    for (let x = 0; x < width; x++) {
      const [r, g, b] = band ? [251, 233, 223] : x < width * 0.3 ? [47, 111, 106] : [180, 83, 42]
      row.set([r, g, b], 1 + x * 3)
    }
    rows.push(row)
  }
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
  return { name, mimeType: 'image/png', buffer }
}

/** A one-page PDF; `padding` bytes of incompressible data make it as large as needed. */
export function pdfFile(name = 'id-scan.pdf', padding = 0): TestFile {
  const filler = randomBytes(padding)
  const buffer = Buffer.concat([
    Buffer.from(
      '%PDF-1.4\n' +
        '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
        '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
        '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 300 200]>> endobj\n' +
        `4 0 obj <</Length ${filler.length}>> stream\n`,
      'latin1'
    ),
    filler,
    Buffer.from('\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n', 'latin1'),
  ])
  return { name, mimeType: 'application/pdf', buffer }
}
