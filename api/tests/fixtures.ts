/* Small real files for upload tests, written once under tmp/. */
import { mkdirSync, writeFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { samplePdf } from '../../database/support/sample_document.js'

const dir = app.makePath('tmp', 'fixtures')

function write(name: string, contents: Buffer): string {
  mkdirSync(dir, { recursive: true })
  const path = `${dir}/${name}`
  writeFileSync(path, contents)
  return path
}

/** A valid 1×1 PNG. */
export const pngFile = () =>
  write(
    'id-card.png',
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64'
    )
  )

/** JPEG magic bytes and some padding (enough for the type check; not shown anywhere). */
export const jpegFile = () =>
  write('passport.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]))

export const pdfFile = () => write('national-id.pdf', samplePdf())

/** A Windows executable renamed to look like a PDF. */
export const disguisedExecutable = () =>
  write(
    'totally-an-id.pdf',
    Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(256)])
  )

/** A PDF just over the 10 MB limit. */
export const oversizePdf = () =>
  write('huge.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10)]))
