/**
 * The home page's quick search: a plain GET form to the listings page. With JavaScript its
 * price band becomes `priceMin`/`priceMax` and "any" values are left out of the URL.
 */
export function initQuickSearch(): void {
  const form = document.querySelector<HTMLFormElement>('[data-quick-search]')
  if (!form) return
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const data = new FormData(form)
    const params = new URLSearchParams()
    const location = String(data.get('location') ?? '')
    if (location) params.set('location', location)
    const band = form.querySelector<HTMLSelectElement>('select[name="band"]')?.selectedOptions[0]
    if (band?.value) {
      params.set('priceMin', band.dataset.min ?? '0')
      if (band.dataset.max) params.set('priceMax', band.dataset.max)
    }
    const amenities = data.getAll('amenities').map(String).filter(Boolean)
    if (amenities.length) params.set('amenities', amenities.join(','))
    params.set('availability', 'true')
    window.location.assign(`${form.action}?${params.toString().replaceAll('%2C', ',')}`)
  })
}
