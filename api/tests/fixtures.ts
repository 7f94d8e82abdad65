/* Small real files (and some fakes) for upload tests, written under the test storage folder. */
import { mkdirSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { samplePdf } from '#services/sample_document'

/* Per STORAGE_DIR, so parallel runs with their own storage never read each other's half-written files. */
const dir = app.makePath(env.get('STORAGE_DIR', 'tmp/test-storage'), 'fixtures')

function write(name: string, contents: Buffer): string {
  mkdirSync(dir, { recursive: true })
  const path = `${dir}/${name}`
  writeFileSync(path, contents)
  return path
}

/** A photographed card: two colours and a band, so it compresses like a real picture. */
function card(width = 96, height = 60) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 180, g: 83, b: 42 } },
  }).composite([
    {
      input: { create: { width, height: 12, channels: 3, background: '#fbe9df' } },
      top: 36,
      left: 0,
    },
  ])
}

export async function pngBytes(): Promise<Buffer> {
  return card().png().toBuffer()
}

/** A real PNG image. */
export const pngFile = async () => write('id-card.png', await pngBytes())

/** A real JPEG image. */
export const jpegFile = async () => write('passport.jpg', await card().jpeg().toBuffer())

/** A phone photo: a real JPEG whose EXIF holds the camera and where it was taken. */
export const jpegWithGps = async () =>
  write(
    'phone-photo.jpg',
    await card()
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '24/1 42/1 5/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '46/1 40/1 30/1',
        },
      })
      .toBuffer()
  )

/** A real WebP image. */
export const webpFile = async () => write('leak.webp', await card().webp().toBuffer())

export const pdfFile = () => write('national-id.pdf', samplePdf())

/** A Windows executable renamed to look like a PDF. */
export const disguisedExecutable = () =>
  write(
    'totally-an-id.pdf',
    Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(256)])
  )

/** Fakes that carry a real file's first bytes and nothing of the file after them. */
export const threeByteJpeg = () => write('tiny.jpg', Buffer.from([0xff, 0xd8, 0xff]))

export const pngHeaderThenHtml = async () =>
  write(
    'page.png',
    Buffer.concat([
      (await pngBytes()).subarray(0, 8),
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ])
  )

export const pdfHeaderThenJunk = () =>
  write(
    'junk.pdf',
    Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('not a pdf '.repeat(50))])
  )

/** A real PNG cut short, as an interrupted copy would leave it. */
export const truncatedPng = async () => {
  const whole = await pngBytes()
  return write('cut.png', whole.subarray(0, Math.floor(whole.length * 0.6)))
}

/** A JPEG's first bytes and zeros after them, just over the 10 MB limit. */
export const oversizeJpeg = () =>
  write(
    'huge.jpg',
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 10)])
  )

/** A PDF just over the 10 MB limit. */
export const oversizePdf = () =>
  write('huge.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10)]))

/** A room photo as a camera takes it: 1600×1200 JPEG (stored at 640 and 1280 px). */
export const roomPhotoJpeg = async (name = 'room.jpg') =>
  write(name, await card(1600, 1200).jpeg().toBuffer())

/** A room photo of 800×600 PNG (stored at 640 px only). */
export const roomPhotoPng = async () => write('room.png', await card(800, 600).png().toBuffer())
