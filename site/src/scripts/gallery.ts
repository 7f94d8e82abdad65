/**
 * The property's photo gallery (components/Gallery.astro): previous/next (wrapping) and
 * thumbnails change the main photo; the main photo opens a full-screen lightbox (native modal
 * <dialog>) with arrows, Home/End, Escape, a close button, a click on the backdrop and swipe.
 * Focus stays inside the lightbox while it is open and returns to the opener after. Arrow keys
 * follow the reading direction: in Arabic the next photo is to the left. Every text comes
 * from the HTML (each photo's on its thumbnail), in the page's language.
 */

interface Frame {
  src: string
  srcset?: string
  width: string
  height: string
  alt: string
  counter: string
  openLabel: string
}

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])'
/** How far a pointer must travel across the photo to count as a swipe, in CSS pixels. */
const SWIPE_PX = 50

function showImage(image: HTMLImageElement, frame: Frame, index: number): void {
  // srcset first: the browser picks its candidate from it, not from src.
  if (frame.srcset) image.srcset = frame.srcset
  else image.removeAttribute('srcset')
  image.src = frame.src
  image.width = Number(frame.width)
  image.height = Number(frame.height)
  image.alt = frame.alt
  image.dataset.index = String(index)
  image.removeAttribute('fetchpriority')
}

function framesOf(gallery: HTMLElement, main: HTMLButtonElement, image: HTMLImageElement): Frame[] {
  const thumbs = gallery.querySelectorAll<HTMLButtonElement>('[data-gallery-thumb]')
  if (thumbs.length === 0) {
    // One photo: its texts are the main photo's own.
    const counter = gallery.querySelector('[data-gallery-counter]')?.textContent ?? ''
    return [
      {
        src: image.getAttribute('src') ?? '',
        srcset: image.getAttribute('srcset') ?? undefined,
        width: image.getAttribute('width') ?? '1280',
        height: image.getAttribute('height') ?? '853',
        alt: image.alt,
        counter: counter.trim(),
        openLabel: main.getAttribute('aria-label') ?? '',
      },
    ]
  }
  return [...thumbs].map((thumb) => {
    const data = thumb.dataset
    return {
      src: data.src ?? '',
      srcset: data.srcset || undefined,
      width: data.width ?? '1280',
      height: data.height ?? '853',
      alt: data.alt ?? '',
      counter: data.counter ?? '',
      openLabel: data.openLabel ?? '',
    }
  })
}

function initOne(gallery: HTMLElement): void {
  const main = gallery.querySelector<HTMLButtonElement>('[data-gallery-main]')
  const image = gallery.querySelector<HTMLImageElement>('[data-gallery-image]')
  const dialog = gallery.querySelector<HTMLDialogElement>('dialog[data-lightbox]')
  const figure = dialog?.querySelector<HTMLElement>('[data-lightbox-figure]')
  if (!main || !image || !dialog || !figure) return
  const counter = gallery.querySelector<HTMLElement>('[data-gallery-counter]')
  const lightboxCounter = dialog.querySelector<HTMLElement>('[data-lightbox-counter]')
  const thumbs = [...gallery.querySelectorAll<HTMLButtonElement>('[data-gallery-thumb]')]
  const frames = framesOf(gallery, main, image)
  const total = frames.length
  const rtl = document.documentElement.dir === 'rtl'
  let index = 0
  let opener: HTMLElement | null = null
  let big: HTMLImageElement | null = null

  const show = (at: number) => {
    index = ((at % total) + total) % total
    const frame = frames[index]!
    showImage(image, frame, index)
    main.setAttribute('aria-label', frame.openLabel)
    if (counter) counter.textContent = frame.counter
    if (lightboxCounter) lightboxCounter.textContent = frame.counter
    thumbs.forEach((thumb, position) => {
      if (position === index) thumb.setAttribute('aria-current', 'true')
      else thumb.removeAttribute('aria-current')
    })
    if (big) showImage(big, frame, index)
  }
  const go = (step: number) => {
    if (total > 1) show(index + step)
  }

  const open = (from: HTMLElement) => {
    if (dialog.open) return
    opener = from
    if (!big) {
      big = document.createElement('img')
      big.sizes = '100vw'
      big.setAttribute('data-lightbox-image', '')
      figure.append(big)
    }
    showImage(big, frames[index]!, index)
    dialog.showModal()
    document.documentElement.classList.add('lightbox-open')
    dialog.querySelector<HTMLElement>('[data-lightbox-close]')?.focus()
  }
  const close = () => {
    if (dialog.open) dialog.close()
  }
  // However it closes (button, backdrop, Escape, the browser), the page gets its scroll and focus back.
  dialog.addEventListener('close', () => {
    document.documentElement.classList.remove('lightbox-open')
    opener?.focus()
    opener = null
  })

  /** The step an arrow key means, in the page's reading direction. */
  const arrowStep = (key: string) => {
    if (key === 'ArrowRight') return rtl ? -1 : 1
    if (key === 'ArrowLeft') return rtl ? 1 : -1
    return 0
  }

  main.addEventListener('click', () => open(main))
  gallery.querySelector('[data-gallery-prev]')?.addEventListener('click', () => go(-1))
  gallery.querySelector('[data-gallery-next]')?.addEventListener('click', () => go(1))
  dialog.querySelector('[data-lightbox-prev]')?.addEventListener('click', () => go(-1))
  dialog.querySelector('[data-lightbox-next]')?.addEventListener('click', () => go(1))
  dialog.querySelector('[data-lightbox-close]')?.addEventListener('click', close)
  thumbs.forEach((thumb, position) => thumb.addEventListener('click', () => show(position)))

  gallery.addEventListener('keydown', (event) => {
    // Keys inside the open lightbox are its own (they bubble up here too).
    if (dialog.open) return
    const step = arrowStep(event.key)
    if (step !== 0 && total > 1) {
      event.preventDefault()
      go(step)
    }
  })

  dialog.addEventListener('keydown', (event) => {
    const step = arrowStep(event.key)
    if (step !== 0) {
      event.preventDefault()
      go(step)
      return
    }
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      show(event.key === 'Home' ? 0 : total - 1)
      return
    }
    if (event.key === 'Tab') {
      // Keep focus inside the lightbox.
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (!first || !last) return
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
  })

  // A click on the backdrop (the dialog itself, or the space around the photo) closes it.
  dialog.addEventListener('click', (event) => {
    const target = event.target
    if (
      target === dialog ||
      (target instanceof HTMLElement && target.dataset.lightboxBackdrop !== undefined)
    )
      close()
  })

  let swipeStart: number | null = null
  figure.addEventListener('pointerdown', (event) => {
    swipeStart = event.clientX
  })
  figure.addEventListener('pointerup', (event) => {
    if (swipeStart === null) return
    const delta = event.clientX - swipeStart
    swipeStart = null
    if (Math.abs(delta) > SWIPE_PX) go((delta < 0 ? 1 : -1) * (rtl ? -1 : 1))
  })
}

export function initGallery(): void {
  for (const gallery of document.querySelectorAll<HTMLElement>('[data-gallery]')) initOne(gallery)
}
