/**
 * The listing's filter panel (spec §4): a sidebar on large screens, a toggle panel on small
 * ones. Changes stay a draft until Apply; Clear resets the panel and applies the reset.
 */
import {
  BUILDING_AMENITIES,
  formatSar,
  type Locale,
  PRICE_SLIDER,
  ROOM_FEATURES,
  type Zone,
  ZONES,
} from '@sakan/common'
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type SubmitEvent,
} from 'react'
import { createTranslator } from '../i18n/client'
import type { IslandMessages } from '../i18n'
import {
  activeFilterCount,
  defaultFilters,
  sliderBounds,
  sliderValues,
  type Filters,
} from '../lib/filters'
import { AMENITY_ICONS } from '../lib/icons'
import { $listingQuery, BUILT_QUERY, applyListingQuery, startListingQuery } from '../stores/listing'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { useHydratedStore } from './use-store'

interface Props {
  lang: Locale
  messages: IslandMessages
}

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value]
}

export default function FilterPanel({ lang, messages }: Props) {
  const t = useMemo(() => createTranslator(lang, messages), [lang, messages])
  const applied = useHydratedStore($listingQuery, BUILT_QUERY)
  const [draft, setDraft] = useState<Filters>(applied.filters)
  const [open, setOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const id = useId()
  const [low, high] = sliderValues(draft)

  const [shown, setShown] = useState(applied)
  useEffect(() => startListingQuery(), [])
  // The panel shows what is applied whenever that changes (URL read, Clear from the results, back button).
  if (shown !== applied) {
    setShown(applied)
    setDraft(applied.filters)
  }

  const apply = (filters: Filters) => {
    applyListingQuery({ filters, sort: applied.sort })
    if (open) {
      setOpen(false)
      toggleRef.current?.focus()
    }
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
  const setRange = (nextLow: number, nextHigh: number) =>
    setDraft({ ...draft, ...sliderBounds(nextLow, nextHigh) })
  const sar = (value: number) => formatSar(value, lang)
  const range = (value: number) =>
    ((value - PRICE_SLIDER.min) / (PRICE_SLIDER.max - PRICE_SLIDER.min)) * 100
  const highLabel =
    high >= PRICE_SLIDER.max
      ? t('filters.priceOrMore', { price: sar(PRICE_SLIDER.max) })
      : sar(high)
  const count = activeFilterCount(applied.filters)

  return (
    <div className="filter-panel" data-open={open ? '' : undefined}>
      <button
        ref={toggleRef}
        type="button"
        className="filter-toggle"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen(!open)}
        data-filter-toggle
      >
        <Icon icon={icons.sliders} />
        <span>{t('filters.toggle')}</span>
        {count > 0 && <span className="filter-count">{t('filters.activeCount', { count })}</span>}
        <Icon icon={icons.chevronDown} className="icon filter-toggle-chevron" />
      </button>

      <form
        id={`${id}-form`}
        className="filter-form"
        onSubmit={onSubmit}
        aria-labelledby={`${id}-title`}
        data-filter-form
      >
        <h2 className="filter-title" id={`${id}-title`}>
          {t('filters.title')}
        </h2>

        <div className="filter-group">
          <label className="filter-legend" htmlFor={`${id}-location`}>
            {t('filters.location')}
          </label>
          <span className="select-wrap">
            <select
              id={`${id}-location`}
              className="select"
              name="location"
              value={draft.location}
              onChange={(event) =>
                setDraft({ ...draft, location: event.target.value as Zone | '' })
              }
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
          <p className="price-display" aria-hidden="true">
            {t('filters.priceRange', { min: sar(low), max: highLabel })}
          </p>
          <div
            className="range"
            style={
              {
                '--range-start': `${range(low)}%`,
                '--range-end': `${100 - range(high)}%`,
              } as CSSProperties
            }
          >
            <div className="range-track" aria-hidden="true">
              <div className="range-fill" />
            </div>
            <input
              type="range"
              name="priceMin"
              min={PRICE_SLIDER.min}
              max={PRICE_SLIDER.max}
              step={PRICE_SLIDER.step}
              value={low}
              aria-label={t('filters.priceMin')}
              aria-valuetext={sar(low)}
              onChange={(event) =>
                setRange(Math.min(Number(event.target.value), high - PRICE_SLIDER.step), high)
              }
              data-price-min
            />
            <input
              type="range"
              name="priceMax"
              min={PRICE_SLIDER.min}
              max={PRICE_SLIDER.max}
              step={PRICE_SLIDER.step}
              value={high}
              aria-label={t('filters.priceMax')}
              aria-valuetext={highLabel}
              onChange={(event) =>
                setRange(low, Math.max(Number(event.target.value), low + PRICE_SLIDER.step))
              }
              data-price-max
            />
          </div>
          <div className="range-scale" aria-hidden="true">
            <span>{sar(PRICE_SLIDER.min)}</span>
            <span>{t('filters.priceOrMore', { price: sar(PRICE_SLIDER.max) })}</span>
          </div>
        </fieldset>

        <fieldset className="filter-group">
          <legend className="filter-legend">{t('filters.amenities')}</legend>
          <div className="checkbox-grid">
            {BUILDING_AMENITIES.map((amenity) => (
              <label className="checkbox" key={amenity}>
                <input
                  type="checkbox"
                  name="amenities"
                  value={amenity}
                  checked={draft.amenities.includes(amenity)}
                  onChange={() =>
                    setDraft({ ...draft, amenities: toggle(draft.amenities, amenity) })
                  }
                />
                <Icon icon={AMENITY_ICONS[amenity] ?? icons.check} className="icon checkbox-icon" />
                <span>{t(`common:amenities.${amenity}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="filter-group">
          <legend className="filter-legend">{t('filters.features')}</legend>
          <div className="checkbox-grid">
            {ROOM_FEATURES.map((feature) => (
              <label className="checkbox" key={feature}>
                <input
                  type="checkbox"
                  name="features"
                  value={feature}
                  checked={draft.features.includes(feature)}
                  onChange={() => setDraft({ ...draft, features: toggle(draft.features, feature) })}
                />
                <Icon icon={AMENITY_ICONS[feature] ?? icons.check} className="icon checkbox-icon" />
                <span>{t(`common:features.${feature}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

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
  )
}
