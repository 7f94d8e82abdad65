/**
 * A room card whose photo fails to load (a broken or removed URL) shows the placeholder and
 * "no photo" label of a room without photos, not the browser's broken-image icon under the
 * badges. One capturing listener on the document (load errors do not bubble) covers the
 * server-rendered cards and those the listing's script draws later; photos that failed before
 * this script ran are found by their state. No inline handlers: the pages' CSP forbids them.
 */
const PLACEHOLDER = '/images/room-placeholder.svg'
const PHOTO = 'img[data-card-photo]'

function showPlaceholder(image: HTMLImageElement): void {
  if (image.src.endsWith(PLACEHOLDER)) return
  image.removeAttribute('srcset')
  image.removeAttribute('sizes')
  image.alt = ''
  image.src = PLACEHOLDER
  // The card renders its "no photo" label hidden beside the photo: showing it adds no element.
  image.parentElement?.querySelector('[data-photo-fallback]')?.removeAttribute('hidden')
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
    if (image.complete && image.naturalWidth === 0 && image.currentSrc !== '')
      showPlaceholder(image)
  }
}
