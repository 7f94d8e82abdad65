/**
 * The property's photo gallery, the site's first React island (`Gallery.astro` renders it and
 * hydrates it `client:idle`): a main photo with previous/next (wrapping) and thumbnails, and a
 * full-screen lightbox on the native modal <dialog> with arrows, Home/End, Escape, a close
 * button, a click on the backdrop and swipe. Focus stays inside the lightbox while it is open
 * and returns to its opener after. Arrow keys follow the reading direction: in Arabic the next
 * photo is to the left. A photo that fails to load shows the room placeholder instead.
 *
 * Astro renders it into the page's HTML, which works without JavaScript: the first photo, and
 * each photo as a link in the thumbnails. Every text arrives rendered in the page's language
 * (props), so the island carries only the texts it shows and no translations.
 */
import { Icon, icons } from '@sakan/common/ui/Icon'
import type { ImageSource } from '@sakan/common'
import {
  useEffect,
  useRef,
  useState,
  type ReactElement,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react'
import { PHOTO_PLACEHOLDER } from '../../lib/images'
import { keepFocusInside } from '../../scripts/dom'
import { failedBefore } from '../../scripts/photo-fallback'

export interface GalleryPhoto {
  src: string
  srcset?: string
  /** The same widths in AVIF and WebP, for the `<picture>` the browser picks from first. */
  sources?: ImageSource[]
  width: number
  height: number
  /** The smallest rendition, for its thumbnail. */
  thumbnail: string
  /** Its place, as the counters show it: "3 / 5". */
  counter: string
  /** The main photo's label while it shows this one: "View photo 3 of 5 in full screen". */
  open: string
  /** Its thumbnail's label, when there are thumbnails (several photos): "Show photo 3 of 5". */
  show?: string
}

export interface GalleryTexts {
  label: string
  /** The lightbox's name: "Photos of Deluxe Room at Al Yasmin Residence". */
  dialog: string
  close: string
  /** The arrows' labels, when there are arrows (several photos). */
  previous?: string
  next?: string
}

interface Props {
  /** One photo at least (`Gallery.astro` draws a room without photos itself). */
  photos: GalleryPhoto[]
  /** The photos' alt text before their counter: "Deluxe Room at Al Yasmin Residence". */
  name: string
  texts: GalleryTexts
}

/* The stage spans the 1200 px container less its padding on wide screens, and the screen less
   the container's padding (`--container-pad`) on a phone, where `sizes` names 12 px less than
   that: the 640 px photo then serves phones of up to 1.75 device pixels per CSS pixel (2.5 times
   fewer bytes on the page's largest paint), the 1280 px one sharper screens. */
const MAIN_SIZES = '(min-width: 1200px) 1136px, calc(100vw - 3rem)'
/** How far a pointer must travel across the photo to count as a swipe, in CSS pixels. */
const SWIPE_PX = 50

type Part = 'gallery' | 'lightbox'

/** The step to the right: the next photo, or the previous one where the page reads right to left. */
const rightward = () => (document.documentElement.dir === 'rtl' ? -1 : 1)

/** The step an arrow key means, in the page's reading direction. */
function arrowStep(key: string): number {
  if (key === 'ArrowRight') return rightward()
  if (key === 'ArrowLeft') return -rightward()
  return 0
}

/** A click that follows a link where the browser would open it elsewhere (new tab, window). */
const elsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey

function Arrows({
  part,
  texts,
  go,
}: {
  part: Part
  texts: GalleryTexts
  go: (step: number) => void
}) {
  const classes = part === 'lightbox' ? 'lightbox-button lightbox-nav' : 'gallery-nav'
  const buttons = [
    { way: 'prev', step: -1, label: texts.previous, icon: icons.chevronStart },
    { way: 'next', step: 1, label: texts.next, icon: icons.chevronEnd },
  ] as const
  return buttons.map(({ way, step, label, icon }) => (
    <button
      key={way}
      type="button"
      className={`${classes} ${part}-${way}`}
      aria-label={label}
      onClick={() => go(step)}
      {...{ [`data-${part}-${way}`]: '' }}
    >
      <Icon icon={icon} directional />
    </button>
  ))
}

export default function Gallery({ photos, name, texts }: Props) {
  const total = photos.length
  const [index, setIndex] = useState(0)
  /* The full-size photo is drawn once the lightbox first opens: nothing is fetched before. */
  const [viewed, setViewed] = useState(false)
  /* The photos that failed to load, by index: they show the placeholder. */
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set())
  const rootRef = useRef<HTMLDivElement>(null)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const swipeStart = useRef<number | null>(null)

  const fail = (at: number) =>
    setFailed((known) => (known.has(at) ? known : new Set(known).add(at)))
  const go = (step: number) => {
    if (total > 1) setIndex((current) => (((current + step) % total) + total) % total)
  }

  // A photo that failed before hydration fired its error before React listened: found by its state.
  useEffect(() => {
    const images = rootRef.current?.querySelectorAll<HTMLImageElement>(
      '[data-gallery-image], [data-gallery-thumb] img'
    )
    for (const image of images ?? []) {
      if (!failedBefore(image)) continue
      const thumb = image.closest<HTMLElement>('[data-gallery-thumb]')
      fail(Number(thumb ? thumb.dataset.galleryThumb : image.dataset.index))
    }
  }, [])

  const open = (opener: HTMLElement) => {
    const dialog = dialogRef.current
    if (!dialog || dialog.open) return
    openerRef.current = opener
    setViewed(true)
    dialog.showModal()
    document.documentElement.classList.add('lightbox-open')
    closeRef.current?.focus()
  }
  const close = () => dialogRef.current?.close()
  // However it closes (button, backdrop, Escape, the browser), the page gets its scroll and focus back.
  const closed = () => {
    document.documentElement.classList.remove('lightbox-open')
    openerRef.current?.focus()
    openerRef.current = null
  }

  const onGalleryKey = (event: KeyboardEvent) => {
    // Keys inside the open lightbox are its own (they bubble up here too).
    if (dialogRef.current?.open) return
    const step = arrowStep(event.key)
    if (step !== 0 && total > 1) {
      event.preventDefault()
      go(step)
    }
  }
  const onLightboxKey = (event: KeyboardEvent<HTMLDialogElement>) => {
    const step = arrowStep(event.key)
    if (step !== 0) {
      event.preventDefault()
      go(step)
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      setIndex(event.key === 'Home' ? 0 : total - 1)
    } else keepFocusInside(event.currentTarget, event.nativeEvent)
  }
  // A click on the backdrop (the dialog itself, or the space around the photo) closes it.
  const onLightboxClick = (event: MouseEvent<HTMLDialogElement>) => {
    const target = event.target
    if (
      target === event.currentTarget ||
      (target instanceof HTMLElement && target.dataset.lightboxBackdrop !== undefined)
    )
      close()
  }
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return
    const delta = event.clientX - swipeStart.current
    swipeStart.current = null
    // A swipe to the left brings in the photo on the right.
    if (Math.abs(delta) > SWIPE_PX) go(delta < 0 ? rightward() : -rightward())
  }

  const photo = photos[index]!
  // The shown photo's attributes on the stage and in the lightbox (`sizes`), srcset before src:
  // the browser then picks from srcset.
  const shown = (sizes: string) => ({
    ...(failed.has(index)
      ? { srcSet: undefined, sizes: undefined, src: PHOTO_PLACEHOLDER, alt: '' }
      : {
          srcSet: photo.srcset,
          sizes: photo.srcset ? sizes : undefined,
          src: photo.src,
          alt: `${name} – ${photo.counter}`,
        }),
    width: photo.width,
    height: photo.height,
    onError: () => fail(index),
    'data-index': index,
  })
  // The shown photo in a <picture> with its AVIF and WebP sources (none once it failed), keyed
  // by photo: the browser picks from the sources before the <img>, so they change with it.
  const inPicture = (sizes: string, image: ReactElement) =>
    !failed.has(index) && photo.sources?.length ? (
      <picture key={index}>
        {photo.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
        ))}
        {image}
      </picture>
    ) : (
      image
    )

  return (
    <div
      ref={rootRef}
      className="gallery"
      role="region"
      aria-label={texts.label}
      onKeyDown={onGalleryKey}
      data-gallery=""
    >
      <div className="gallery-stage">
        <button
          type="button"
          className="gallery-main"
          aria-label={photo.open}
          onClick={(event) => open(event.currentTarget)}
          data-gallery-main=""
        >
          {/* The page's largest paint: the first photo is fetched first, never lazily. */}
          {inPicture(
            MAIN_SIZES,
            <img
              {...shown(MAIN_SIZES)}
              fetchPriority={index === 0 ? 'high' : undefined}
              data-gallery-image=""
            />
          )}
          <span className="gallery-expand" aria-hidden="true">
            <Icon icon={icons.expand} />
          </span>
        </button>
        {total > 1 && <Arrows part="gallery" texts={texts} go={go} />}
        <span className="gallery-counter" aria-live="polite" data-gallery-counter="">
          {photo.counter}
        </span>
      </div>

      {total > 1 && (
        <ul className="gallery-thumbs" role="list">
          {photos.map((thumb, at) => (
            <li key={at}>
              {/* A link to the photo: without JavaScript, it opens it. */}
              <a
                className="gallery-thumb"
                href={thumb.src}
                aria-label={thumb.show}
                aria-current={at === index ? 'true' : undefined}
                onClick={(event) => {
                  if (elsewhere(event)) return
                  event.preventDefault()
                  setIndex(at)
                }}
                data-gallery-thumb={at}
              >
                <img
                  src={failed.has(at) ? PHOTO_PLACEHOLDER : thumb.thumbnail}
                  alt=""
                  width={120}
                  height={80}
                  loading="lazy"
                  onError={() => fail(at)}
                />
              </a>
            </li>
          ))}
        </ul>
      )}

      <dialog
        ref={dialogRef}
        className="lightbox"
        aria-label={texts.dialog}
        onClose={closed}
        onKeyDown={onLightboxKey}
        onClick={onLightboxClick}
        data-lightbox=""
      >
        <div className="lightbox-inner" data-lightbox-backdrop="">
          <div className="lightbox-bar">
            <span className="lightbox-counter" aria-live="polite" data-lightbox-counter="">
              {photo.counter}
            </span>
            <button
              ref={closeRef}
              type="button"
              className="lightbox-button lightbox-close"
              aria-label={texts.close}
              onClick={close}
              data-lightbox-close=""
            >
              <Icon icon={icons.close} />
            </button>
          </div>
          <figure
            className="lightbox-figure"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            data-lightbox-backdrop=""
            data-lightbox-figure=""
          >
            {viewed && inPicture('100vw', <img {...shown('100vw')} data-lightbox-image="" />)}
          </figure>
          {total > 1 && <Arrows part="lightbox" texts={texts} go={go} />}
        </div>
      </dialog>
    </div>
  )
}
