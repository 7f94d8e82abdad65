import type { RoomImage } from '@sakan/common'

/** An image as the site shows it: the API's, or a plain photo URL without its sizes. */
export type ShownImage = Pick<RoomImage, 'src'> & Partial<RoomImage>

/** What a room without photos, or whose photo failed to load, shows instead. */
export const PHOTO_PLACEHOLDER = '/images/room-placeholder.svg'

/** The smallest candidate of an image's srcset (for thumbnails), else its src. */
export function smallestSource(image: ShownImage): string {
  if (!image.srcset) return image.src
  let best: { url: string; width: number } | null = null
  for (const candidate of image.srcset.split(',')) {
    const [url, descriptor] = candidate.trim().split(/\s+/)
    const width = descriptor?.endsWith('w')
      ? Number(descriptor.slice(0, -1))
      : Number.POSITIVE_INFINITY
    if (url && (best === null || width < best.width)) best = { url, width }
  }
  return best?.url ?? image.src
}
