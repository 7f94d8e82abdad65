/**
 * The property's photo gallery: a main photo with previous/next (wrapping) and thumbnails,
 * and a full-screen lightbox (native modal <dialog>): arrows, Escape, close button, click on
 * the backdrop, swipe; focus stays inside while it is open and returns to the opener after.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react'
import { createTranslator } from '../i18n/client'
import type { IslandMessages } from '../i18n'
import { smallestSource, type ShownImage } from '../lib/images'
import type { Locale } from '@sakan/common'
import { Icon, icons } from '@sakan/common/ui/Icon'

interface Props {
  lang: Locale
  messages: IslandMessages
  images: ShownImage[]
  /** Alt text base: "Deluxe Room at Al Yasmin Residence". */
  name: string
}

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])'

export default function Gallery({ lang, messages, images, name }: Props) {
  const t = useMemo(() => createTranslator(lang, messages), [lang, messages])
  const [index, setIndex] = useState(0)
  const [open, setOpen] = useState(false)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const swipeStart = useRef<number | null>(null)
  const total = images.length
  const rtl = lang === 'ar'

  const go = useCallback(
    (step: number) => setIndex((current) => (current + step + total) % total),
    [total]
  )
  const next = useCallback(() => go(1), [go])
  const previous = useCallback(() => go(-1), [go])

  const openAt = (at: number, opener: HTMLElement) => {
    openerRef.current = opener
    setIndex(at)
    setOpen(true)
  }
  const close = useCallback(() => setOpen(false), [])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      document.documentElement.classList.add('lightbox-open')
      dialog.querySelector<HTMLElement>('[data-lightbox-close]')?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
    if (!open) {
      document.documentElement.classList.remove('lightbox-open')
      openerRef.current?.focus()
      openerRef.current = null
    }
  }, [open])

  // Arrow keys follow the reading direction: in Arabic the next photo is to the left.
  const arrowStep = (key: string) => {
    if (key === 'ArrowRight') return rtl ? -1 : 1
    if (key === 'ArrowLeft') return rtl ? 1 : -1
    return 0
  }

  const onGalleryKey = (event: KeyboardEvent) => {
    // Keys inside the open lightbox are its own (they bubble up here too).
    if (open) return
    const step = arrowStep(event.key)
    if (step !== 0 && total > 1) {
      event.preventDefault()
      go(step)
    }
  }

  const onDialogKey = (event: KeyboardEvent<HTMLDialogElement>) => {
    const step = arrowStep(event.key)
    if (step !== 0) {
      event.preventDefault()
      if (total > 1) go(step)
      return
    }
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      setIndex(event.key === 'Home' ? 0 : total - 1)
      return
    }
    if (event.key === 'Tab') {
      // Keep focus inside the lightbox.
      const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE))
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
  }

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return
    const delta = event.clientX - swipeStart.current
    swipeStart.current = null
    if (Math.abs(delta) > 50 && total > 1) go((delta < 0 ? 1 : -1) * (rtl ? -1 : 1))
  }

  if (total === 0) {
    return (
      <div className="gallery gallery-empty">
        <img src="/images/room-placeholder.svg" alt="" width={640} height={427} />
        <p>{t('property.gallery.noPhotos')}</p>
      </div>
    )
  }

  const current = images[index] ?? images[0]!
  const counter = t('property.gallery.counter', { index: index + 1, total })
  const alt = (at: number) => `${name} – ${t('property.gallery.counter', { index: at + 1, total })}`

  return (
    <div
      className="gallery"
      role="region"
      aria-label={t('property.gallery.label')}
      onKeyDown={onGalleryKey}
      data-gallery
    >
      <div className="gallery-stage">
        <button
          type="button"
          className="gallery-main"
          onClick={(event) => openAt(index, event.currentTarget)}
          aria-label={t('property.gallery.open', { index: index + 1, total })}
          data-gallery-main
        >
          <img
            key={current.src}
            src={current.src}
            srcSet={current.srcset}
            sizes="(min-width: 1200px) 1140px, 100vw"
            width={current.width ?? 1280}
            height={current.height ?? 853}
            alt={alt(index)}
            fetchPriority={index === 0 ? 'high' : undefined}
            data-gallery-image
            data-index={index}
          />
          <span className="gallery-expand" aria-hidden="true">
            <Icon icon={icons.expand} />
          </span>
        </button>
        {total > 1 && (
          <>
            <button
              type="button"
              className="gallery-nav gallery-prev"
              onClick={previous}
              aria-label={t('property.gallery.previous')}
              data-gallery-prev
            >
              <Icon icon={icons.chevronStart} className="icon icon-directional" />
            </button>
            <button
              type="button"
              className="gallery-nav gallery-next"
              onClick={next}
              aria-label={t('property.gallery.next')}
              data-gallery-next
            >
              <Icon icon={icons.chevronEnd} className="icon icon-directional" />
            </button>
          </>
        )}
        <span className="gallery-counter" aria-live="polite" data-gallery-counter>
          {counter}
        </span>
      </div>

      {total > 1 && (
        <ul className="gallery-thumbs" role="list">
          {images.map((image, at) => (
            <li key={image.src}>
              <button
                type="button"
                className="gallery-thumb"
                aria-label={t('property.gallery.thumbnail', { index: at + 1, total })}
                aria-current={at === index ? 'true' : undefined}
                onClick={() => setIndex(at)}
                data-gallery-thumb={at}
              >
                <img src={smallestSource(image)} alt="" width={120} height={80} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <dialog
        ref={dialogRef}
        className="lightbox"
        aria-label={t('property.gallery.dialog', { name })}
        onCancel={(event) => {
          event.preventDefault()
          close()
        }}
        onClose={close}
        onKeyDown={onDialogKey}
        onClick={(event) => {
          // A click on the backdrop (the dialog itself, not its content) closes it.
          if (
            event.target === event.currentTarget ||
            (event.target as HTMLElement).dataset.lightboxBackdrop !== undefined
          )
            close()
        }}
        data-lightbox
      >
        {open && (
          <div className="lightbox-inner" data-lightbox-backdrop>
            <div className="lightbox-bar">
              <span className="lightbox-counter" aria-live="polite" data-lightbox-counter>
                {counter}
              </span>
              <button
                type="button"
                className="lightbox-button lightbox-close"
                onClick={close}
                aria-label={t('property.gallery.close')}
                data-lightbox-close
              >
                <Icon icon={icons.close} />
              </button>
            </div>
            <figure
              className="lightbox-figure"
              data-lightbox-backdrop
              onPointerDown={onPointerDown}
              onPointerUp={onPointerUp}
            >
              <img
                key={current.src}
                src={current.src}
                srcSet={current.srcset}
                sizes="100vw"
                width={current.width ?? 1280}
                height={current.height ?? 853}
                alt={alt(index)}
                data-lightbox-image
                data-index={index}
              />
            </figure>
            {total > 1 && (
              <>
                <button
                  type="button"
                  className="lightbox-button lightbox-nav lightbox-prev"
                  onClick={previous}
                  aria-label={t('property.gallery.previous')}
                  data-lightbox-prev
                >
                  <Icon icon={icons.chevronStart} className="icon icon-directional" />
                </button>
                <button
                  type="button"
                  className="lightbox-button lightbox-nav lightbox-next"
                  onClick={next}
                  aria-label={t('property.gallery.next')}
                  data-lightbox-next
                >
                  <Icon icon={icons.chevronEnd} className="icon icon-directional" />
                </button>
              </>
            )}
          </div>
        )}
      </dialog>
    </div>
  )
}
