/**
 * A room card whose photo fails to load (a broken or removed URL) shows the placeholder and
 * "no photo" label of a room without photos, not the browser's broken-image icon under the
 * badges. One capturing listener on the document (load errors do not bubble) covers the
 * server-rendered cards and those the listing's script draws later; photos that failed before
 * this script ran are found by their state. No inline handlers: the pages' CSP forbids them.
 */
import { PHOTO_PLACEHOLDER } from '../lib/images'

const PHOTO = 'img[data-card-photo]'

function showPlaceholder(image: HTMLImageElement): void {
  if (image.src.endsWith(PHOTO_PLACEHOLDER)) return
  // In a <picture>, the browser would pick its AVIF or WebP <source> again: they go too.
  const picture = image.parentElement instanceof HTMLPictureElement ? image.parentElement : null
  for (const source of picture?.querySelectorAll('source') ?? []) source.remove()
  image.removeAttribute('srcset')
  image.removeAttribute('sizes')
  image.alt = ''
  image.src = PHOTO_PLACEHOLDER
  // The card renders its "no photo" label hidden beside the photo: showing it adds no element.
  const media = (picture ?? image).parentElement
  media?.querySelector('[data-photo-fallback]')?.removeAttribute('hidden')
}

/** Whether an image failed to load already: its error fired before anyone listened. */
export function failedBefore(image: HTMLImageElement): boolean {
  return image.complete && image.naturalWidth === 0 && image.currentSrc !== ''
}

export function initPhotoFallback(): void {
  document.addEventListener(
    'error',
    (event) => {
      const target = event.target
      if (target instanceof HTMLImageElement && target.matches(PHOTO)) showPlaceholder(target)
    },
    true
  )
  for (const image of document.querySelectorAll<HTMLImageElement>(PHOTO)) {
    if (failedBefore(image)) showPlaceholder(image)
  }
}
