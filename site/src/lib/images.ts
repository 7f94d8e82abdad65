import type { RoomImage } from './types'

/** The smallest candidate of an image's srcset (for thumbnails), else its src. */
export function smallestSource(image: RoomImage): string {
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
