import type { Sharp } from 'sharp'

/**
 * The formats a catalogue photo is stored in, each in every width: JPEG, which every browser
 * reads (the `<img>`), and AVIF and WebP, about a third of its bytes, which a `<picture>`
 * offers first. Uploads (services/room_photos.ts) and the seed's photos
 * (`node ace photos:formats`) are encoded alike, by these settings; the transformers name
 * the formats' media types in a room's `<source>`s.
 *
 * AVIF at effort 3, not sharp's default 4: a photo's six files take about 0.45 s on two cores
 * instead of 1.5 s (measured on a 12-megapixel camera JPEG), for 8 to 15% more AVIF bytes.
 * AVIF's quality 50 and WebP's 75 are the encoders' usual settings for photos; AVIF's chroma
 * is halved, as the JPEG's and WebP's are.
 */
export const PHOTO_FORMATS = {
  jpg: {
    type: 'image/jpeg',
    encode: (image: Sharp) => image.jpeg({ quality: 82, progressive: true, mozjpeg: true }),
  },
  avif: {
    type: 'image/avif',
    encode: (image: Sharp) => image.avif({ quality: 50, effort: 3, chromaSubsampling: '4:2:0' }),
  },
  webp: {
    type: 'image/webp',
    encode: (image: Sharp) => image.webp({ quality: 75, effort: 4 }),
  },
} as const

export type PhotoExtension = keyof typeof PHOTO_FORMATS

/** Every stored format's extension. */
export const PHOTO_EXTENSIONS = Object.keys(PHOTO_FORMATS) as PhotoExtension[]

/** The formats a `<picture>` offers before the JPEG `<img>`, the smallest first. */
export const SOURCE_EXTENSIONS = ['avif', 'webp'] as const satisfies readonly PhotoExtension[]

/** The media type a stored file is served with, by its extension; undefined for no format of ours. */
export function photoType(extension: string): string | undefined {
  return Object.hasOwn(PHOTO_FORMATS, extension)
    ? PHOTO_FORMATS[extension as PhotoExtension].type
    : undefined
}
