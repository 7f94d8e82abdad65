/**
 * A room card whose photo fails to load (a broken or removed URL) shows the placeholder and
 * "no photo" label of a room without photos, not the browser's broken-image icon under the
 * badges. One capturing listener on the document (load errors do not bubble) covers the
 * server-rendered cards and those the listing's island draws later; photos that failed before
 * this ran are found by their state. No inline handlers: the pages' CSP forbids them. The home
 * page's script starts it, the listing's island when it hydrates.
 */
import { PHOTO_PLACEHOLDER } from '../lib/images'

const PHOTO = 'img[data-card-photo]'

function showPlaceholder(image: HTMLImageElement): void {
  if (image.src.endsWith(PHOTO_PLACEHOLDER)) return
  // A <picture>'s sources would still be chosen over the placeholder: they lose their candidates
  // (the elements stay: the listing's island renders them).
  if (image.parentElement instanceof HTMLPictureElement)
    for (const source of image.parentElement.querySelectorAll('source'))
      source.removeAttribute('srcset')
  image.removeAttribute('srcset')
  image.removeAttribute('sizes')
  image.alt = ''
  image.src = PHOTO_PLACEHOLDER
  // The card renders its "no photo" label hidden beside the photo: showing it adds no element.
  image
    .closest('[data-room-card]')
    ?.querySelector('[data-photo-fallback]')
    ?.removeAttribute('hidden')
}

/** Whether an image failed to load already: its error fired before anyone listened. */
export function failedBefore(image: HTMLImageElement): boolean {
  return image.complete && image.naturalWidth === 0 && image.currentSrc !== ''
}

/** Starts watching the cards' photos; returns the stopping (for the island's unmount). */
export function initPhotoFallback(): () => void {
  const onError = (event: Event) => {
    const target = event.target
    if (target instanceof HTMLImageElement && target.matches(PHOTO)) showPlaceholder(target)
  }
  document.addEventListener('error', onError, true)
  for (const image of document.querySelectorAll<HTMLImageElement>(PHOTO)) {
    if (failedBefore(image)) showPlaceholder(image)
  }
  return () => document.removeEventListener('error', onError, true)
}
