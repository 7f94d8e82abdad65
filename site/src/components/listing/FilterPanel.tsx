/**
 * The listing's filter panel, part of the listing's island: a sidebar on large
 * screens; on small ones a toggle opening a full-screen sheet (its own scroll, Apply and Clear
 * always in view, a modal dialog while open). Changes stay a draft until Apply; Clear resets
 * the panel and applies the reset; the panel shows the applied query whenever that changes (URL
 * read, Clear from the results, back button, sort), dropping a draft not applied.
 */
import {
  BUILDING_AMENITIES,
  PRICE_SLIDER,
  ROOM_FEATURES,
  ZONES,
  formatSar,
  isOneOf,
  type Locale,
  type Translate,
} from '@sakan/common'
import { Icon, icons } from '@sakan/common/ui/Icon'
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type SubmitEvent,
} from 'react'
import {
  activeFilterCount,
  defaultFilters,
  sliderBounds,
  sliderValues,
  type Filters,
} from '../../lib/filters'
import { amenityIcon } from '../../lib/icons'
import { inertOutside, keepFocusInside } from '../../scripts/dom'
import { applyListingQuery, type ListingQuery } from '../../stores/listing'

/** Where the filter panel is a toggled sheet rather than the sidebar (listings.css). */
const SHEET_MEDIA = '(max-width: 1023.98px)'

interface FilterPanelProps {
  lang: Locale
  t: Translate
  /** The applied query (the page's URL). */
  applied: ListingQuery
}

/** Whether the current history entry is the one the open sheet pushed (closed by going back). */
const ownsHistoryEntry = () =>
  (window.history.state as { filterSheet?: boolean } | null)?.filterSheet === true

export function FilterPanel({ lang, t, applied }: FilterPanelProps) {
  const [draft, setDraft] = useState<Filters>(applied.filters)
  const [shown, setShown] = useState(applied)
  if (shown !== applied) {
    setShown(applied)
    setDraft(applied.filters)
  }
  /** Open: the toggle says so; modal: the sheet is a dialog over the page (small screens). */
  const [open, setOpen] = useState(false)
  const [modal, setModal] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const sheetRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  /** Set while the sheet takes its own history entry back: that popstate is not a back gesture. */
  const leavingOwnEntry = useRef(false)
  /** Whether closing gives the focus back to the toggle (not when the screen grew wide). */
  const focusToggle = useRef(false)

  const openSheet = () => {
    setOpen(true)
    setModal(window.matchMedia(SHEET_MEDIA).matches)
  }
  const close = (returnFocus = true) => {
    if (!open) return
    setOpen(false)
    setModal(false)
    if (ownsHistoryEntry()) {
      leavingOwnEntry.current = true
      window.history.back()
    }
    focusToggle.current = returnFocus
  }

  /* The sheet as a modal dialog: focus moves in and stays in, the page behind is inert and
     does not scroll, and Escape, the close button or the back gesture close it (its own
     history entry), focus back on the toggle. */
  useLayoutEffect(() => {
    if (!modal) return
    const sheet = sheetRef.current!
    document.documentElement.classList.add('filter-sheet-open')
    const restoreOutside = inertOutside(sheet)
    // An entry left by a sheet closed with the back gesture, reached again going forward, serves again.
    if (!ownsHistoryEntry())
      window.history.pushState({ filterSheet: true }, '', window.location.href)
    closeRef.current?.focus()
    return () => {
      document.documentElement.classList.remove('filter-sheet-open')
      restoreOutside()
    }
  }, [modal])
  // After the page behind is no longer inert (the effect above undone first).
  useLayoutEffect(() => {
    if (open || !focusToggle.current) return
    focusToggle.current = false
    toggleRef.current?.focus()
  }, [open])

  // The listeners below are added once per modal state; these see the current render.
  const closeSheet = useEffectEvent((returnFocus = true) => close(returnFocus))
  const onBackGesture = useEffectEvent(() => {
    if (leavingOwnEntry.current) leavingOwnEntry.current = false
    else if (modal) close()
  })
  useEffect(() => {
    if (!modal) return
    const sheet = sheetRef.current!
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        closeSheet()
      } else keepFocusInside(sheet, event)
    }
    // Wide again (a rotated tablet): the sidebar is back; the sheet lets the page go.
    const media = window.matchMedia(SHEET_MEDIA)
    const onMedia = () => {
      if (!media.matches) closeSheet(false)
    }
    document.addEventListener('keydown', onKey)
    media.addEventListener('change', onMedia)
    return () => {
      document.removeEventListener('keydown', onKey)
      media.removeEventListener('change', onMedia)
    }
  }, [modal])
  useEffect(() => {
    const onPopState = () => onBackGesture()
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [])

  const apply = (filters: Filters) => {
    // From the sheet, the new address replaces the sheet's own history entry: back then
    // returns to the query before, not to the sheet.
    applyListingQuery({ filters, sort: applied.sort }, { replace: ownsHistoryEntry() })
    close()
  }
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    apply(draft)
  }
  const onClear = () => {
    const reset = defaultFilters()
    setDraft(reset)
    apply(reset)
  }

  const sar = (value: number) => formatSar(value, lang)
  const [low, high] = sliderValues(draft)
  const percent = (value: number) =>
    ((value - PRICE_SLIDER.min) / (PRICE_SLIDER.max - PRICE_SLIDER.min)) * 100
  const highLabel =
    high >= PRICE_SLIDER.max
      ? t('filters.priceOrMore', { price: sar(PRICE_SLIDER.max) })
      : sar(high)
  // The thumbs never cross: each stays a step away from the other.
  const setLow = (value: number) =>
    setDraft({ ...draft, ...sliderBounds(Math.min(value, high - PRICE_SLIDER.step), high) })
  const setHigh = (value: number) =>
    setDraft({ ...draft, ...sliderBounds(low, Math.max(value, low + PRICE_SLIDER.step)) })
  const active = activeFilterCount(applied.filters)

  return (
    <div className="filter-panel" data-filter-panel data-open={open ? '' : undefined}>
      <button
        ref={toggleRef}
        type="button"
        className="filter-toggle"
        aria-expanded={open}
        aria-controls="filters-sheet"
        onClick={() => (open ? close() : openSheet())}
        data-filter-toggle
      >
        <Icon icon={icons.sliders} />
        <span>{t('filters.toggle')}</span>
        <span className="filter-count" data-filter-count hidden={active === 0}>
          {active > 0 ? t('filters.activeCount', { count: active }) : ''}
        </span>
        <Icon icon={icons.chevronDown} className="icon filter-toggle-chevron" />
      </button>

      <div
        ref={sheetRef}
        id="filters-sheet"
        className="filter-sheet"
        role={modal ? 'dialog' : undefined}
        aria-modal={modal ? 'true' : undefined}
        aria-labelledby={modal ? 'filters-title' : undefined}
        data-filter-sheet
      >
        <div className="filter-head">
          <h2 className="filter-title" id="filters-title">
            {t('filters.title')}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="filter-close"
            aria-label={t('filters.close')}
            onClick={() => close()}
            data-filter-close
          >
            <Icon icon={icons.close} />
          </button>
        </div>

        <form
          className="filter-form"
          aria-labelledby="filters-title"
          onSubmit={onSubmit}
          data-filter-form
        >
          <div className="filter-body" data-filter-body>
            <div className="filter-group">
              <label className="filter-legend" htmlFor="filters-location">
                {t('filters.location')}
              </label>
              <span className="select-wrap">
                <select
                  id="filters-location"
                  className="select"
                  name="location"
                  value={draft.location}
                  onChange={(event) => {
                    const { value } = event.target
                    setDraft({ ...draft, location: isOneOf(ZONES, value) ? value : '' })
                  }}
                >
                  <option value="">{t('common:locations.any-location')}</option>
                  {ZONES.map((zone) => (
                    <option key={zone} value={zone}>
                      {t(`common:locations.${zone}`)}
                    </option>
                  ))}
                </select>
              </span>
            </div>

            <fieldset className="filter-group">
              <legend className="filter-legend">{t('filters.price')}</legend>
              <p className="price-display" aria-hidden="true" data-price-display>
                {t('filters.priceRange', { min: sar(low), max: highLabel })}
              </p>
              <div
                className="range"
                style={
                  {
                    '--range-start': `${percent(low)}%`,
                    '--range-end': `${100 - percent(high)}%`,
                  } as CSSProperties
                }
                data-price-range
              >
                <div className="range-track" aria-hidden="true">
                  <div className="range-fill"></div>
                </div>
                {[
                  {
                    name: 'priceMin',
                    value: low,
                    text: sar(low),
                    set: setLow,
                    hook: 'data-price-min',
                  },
                  {
                    name: 'priceMax',
                    value: high,
                    text: highLabel,
                    set: setHigh,
                    hook: 'data-price-max',
                  },
                ].map(({ name, value, text, set, hook }) => (
                  <input
                    key={name}
                    type="range"
                    name={name}
                    min={PRICE_SLIDER.min}
                    max={PRICE_SLIDER.max}
                    step={PRICE_SLIDER.step}
                    value={value}
                    onChange={(event) => set(Number(event.target.value))}
                    aria-label={t(`filters.${name}`)}
                    aria-valuetext={text}
                    {...{ [hook]: '' }}
                  />
                ))}
              </div>
              <div className="range-scale" aria-hidden="true">
                <span>{sar(PRICE_SLIDER.min)}</span>
                <span>{t('filters.priceOrMore', { price: sar(PRICE_SLIDER.max) })}</span>
              </div>
            </fieldset>

            <CheckboxGroup
              t={t}
              kind="amenities"
              items={BUILDING_AMENITIES}
              checked={draft.amenities}
              onChange={(amenities) => setDraft({ ...draft, amenities })}
            />

            <CheckboxGroup
              t={t}
              kind="features"
              items={ROOM_FEATURES}
              checked={draft.features}
              onChange={(features) => setDraft({ ...draft, features })}
            />

            <fieldset className="filter-group">
              <legend className="filter-legend">{t('filters.availability')}</legend>
              <label className="checkbox switch">
                <input
                  type="checkbox"
                  name="availability"
                  role="switch"
                  checked={draft.availability}
                  onChange={(event) => setDraft({ ...draft, availability: event.target.checked })}
                />
                <span>{t('filters.availableOnly')}</span>
              </label>
            </fieldset>
          </div>

          <div className="filter-actions">
            <button type="button" className="btn btn-secondary" onClick={onClear} data-filter-clear>
              {t('filters.clear')}
            </button>
            <button type="submit" className="btn btn-primary" data-filter-apply>
              {t('filters.apply')}
            </button>
          </div>
        </form>
      </div>
    </div>
  )
}

interface CheckboxGroupProps<T extends string> {
  t: Translate
  kind: 'amenities' | 'features'
  items: readonly T[]
  checked: readonly T[]
  /** The values checked now, in the order of `items`. */
  onChange: (checked: T[]) => void
}

/** One of the panel's checkbox groups (amenities, features): a legend and a box per value, each with its icon. */
function CheckboxGroup<T extends string>({
  t,
  kind,
  items,
  checked,
  onChange,
}: CheckboxGroupProps<T>) {
  return (
    <fieldset className="filter-group">
      <legend className="filter-legend">{t(`filters.${kind}`)}</legend>
      <div className="checkbox-grid">
        {items.map((item) => (
          <label key={item} className="checkbox">
            <input
              type="checkbox"
              name={kind}
              value={item}
              checked={checked.includes(item)}
              onChange={(event) =>
                onChange(
                  items.filter((value) =>
                    value === item ? event.target.checked : checked.includes(value)
                  )
                )
              }
            />
            <Icon icon={amenityIcon(item)} className="icon checkbox-icon" />
            <span>{t(`common:${kind}.${item}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
