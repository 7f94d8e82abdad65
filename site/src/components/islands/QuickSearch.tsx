/**
 * The hero's quick search, a React island (`home/QuickSearch.astro` renders it and hydrates it
 * `client:idle`): a plain GET form to the listings page, which works as it is without
 * JavaScript; once hydrated, its submit turns the price band into `priceMin`/`priceMax` and
 * leaves "any" values out of the URL. Every text and option arrives rendered in the page's
 * language (props), so the island carries no translations.
 */
import { Icon, icons } from '@sakan/common/ui/Icon'
import type { FormEvent } from 'react'

export interface QuickSearchOption {
  value: string
  label: string
}

export interface QuickSearchBand extends QuickSearchOption {
  min: number
  max: number | null
}

export interface QuickSearchProps {
  /** The listings page in the page's language. */
  action: string
  labels: {
    form: string
    location: string
    anyLocation: string
    priceBand: string
    anyPrice: string
    amenity: string
    anyAmenity: string
    submit: string
  }
  zones: QuickSearchOption[]
  bands: QuickSearchBand[]
  amenities: QuickSearchOption[]
}

/** The listings URL a filled form asks for: only what was chosen, the band as its bounds. */
export function quickSearchUrl(
  action: string,
  form: { location: string; band: QuickSearchBand | undefined; amenities: string[] }
): string {
  const params = new URLSearchParams()
  if (form.location) params.set('location', form.location)
  if (form.band) {
    params.set('priceMin', String(form.band.min))
    if (form.band.max !== null) params.set('priceMax', String(form.band.max))
  }
  const amenities = form.amenities.filter(Boolean)
  if (amenities.length) params.set('amenities', amenities.join(','))
  params.set('availability', 'true')
  return `${action}?${params.toString().replaceAll('%2C', ',')}`
}

function SearchSelect({
  id,
  name,
  label,
  any,
  options,
}: {
  id: string
  name: string
  label: string
  any: string
  options: QuickSearchOption[]
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="select-wrap">
        <select className="select" id={id} name={name} defaultValue="">
          <option value="">{any}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}

/** The form's selects, in order: each field's name, its element id and its texts' keys. */
const SELECTS = [
  { name: 'location', id: 'qs-location', label: 'location', any: 'anyLocation' },
  { name: 'band', id: 'qs-band', label: 'priceBand', any: 'anyPrice' },
  { name: 'amenities', id: 'qs-amenity', label: 'amenity', any: 'anyAmenity' },
] as const

export default function QuickSearch({ action, labels, zones, bands, amenities }: QuickSearchProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const band = bands.find((candidate) => candidate.value === data.get('band'))
    window.location.assign(
      quickSearchUrl(action, {
        location: String(data.get('location') ?? ''),
        band,
        amenities: data.getAll('amenities').map(String),
      })
    )
  }
  const options = { location: zones, band: bands, amenities }
  return (
    <form
      className="quick-search"
      action={action}
      method="get"
      role="search"
      aria-label={labels.form}
      data-quick-search
      onSubmit={submit}
    >
      {SELECTS.map(({ id, name, label, any }) => (
        <SearchSelect
          key={id}
          id={id}
          name={name}
          label={labels[label]}
          any={labels[any]}
          options={options[name]}
        />
      ))}
      <input type="hidden" name="availability" value="true" />
      <button className="btn btn-primary btn-lg quick-search-submit" type="submit">
        <Icon icon={icons.search} />
        {labels.submit}
      </button>
    </form>
  )
}
