/**
 * The property map: Leaflet and its tiles load only when the map scrolls into view. States:
 * loading → loaded, or failed when the configuration, the library or the tile server
 * cannot be reached (with a retry). With no tile server configured (the normal case offline)
 * the state is `static`: the building's pin, name and coordinates in the map's place, a
 * designed card with the address, zone and directions under it (PropertyMap.astro), not an
 * error; nothing more is loaded.
 *
 * The tile server is the API's `MAP_TILE_URL`, read at run time from `/api/config`: the same
 * setting puts its origin in the pages' Content-Security-Policy (img-src), so the map never
 * asks for tiles the policy would block.
 */
import { MAP_DEFAULT_ZOOM, type RuntimeConfig } from '@sakan/common'
// Only the file's URL: the stylesheet is fetched with the library, not with the page.
import leafletCssUrl from 'leaflet/dist/leaflet.css?url'
import { detectPlatform, directionsUrl } from '../lib/directions'
import { api } from './http'

const DEFAULT_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
const PROBE_TIMEOUT_MS = 8000

type MapState = 'idle' | 'loading' | 'loaded' | 'failed' | 'static'

/** The tile URL for a point, to check the tile server answers before drawing the map. */
export function tileUrlFor(
  template: string,
  latitude: number,
  longitude: number,
  zoom: number
): string {
  const scale = 2 ** zoom
  const x = Math.floor(((longitude + 180) / 360) * scale)
  const rad = (latitude * Math.PI) / 180
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * scale)
  return template
    .replace('{s}', 'a')
    .replace('{z}', String(zoom))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{r}', '')
}

/** The configured tile URL template, or null when there is none. */
async function tileTemplate(): Promise<string | null> {
  const { ok, status, data: config } = await api<Partial<RuntimeConfig>>('/api/config')
  if (!ok || !config) throw new Error(`config: HTTP ${status}`)
  return config.map?.tileUrl || null
}

function probe(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    const timer = window.setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS)
    image.onload = () => {
      window.clearTimeout(timer)
      resolve()
    }
    image.onerror = () => {
      window.clearTimeout(timer)
      reject(new Error('tile unavailable'))
    }
    image.referrerPolicy = 'no-referrer'
    image.src = url
  })
}

function loadStylesheet(href: string): Promise<void> {
  const existing = document.querySelector(`link[data-leaflet-css]`)
  if (existing) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.dataset.leafletCss = ''
    link.onload = () => resolve()
    link.onerror = () => reject(new Error('stylesheet unavailable'))
    document.head.append(link)
  })
}

function setState(root: HTMLElement, state: MapState): void {
  root.dataset.state = state
  root.setAttribute('aria-busy', String(state === 'loading'))
}

async function draw(root: HTMLElement): Promise<void> {
  const canvas = root.querySelector<HTMLElement>('[data-map-canvas]')
  const latitude = Number(root.dataset.lat)
  const longitude = Number(root.dataset.lng)
  if (!canvas || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    setState(root, 'failed')
    return
  }
  const zoom = Number(root.dataset.zoom ?? MAP_DEFAULT_ZOOM)
  setState(root, 'loading')
  try {
    const template = await tileTemplate()
    if (!template) {
      setState(root, 'static')
      return
    }
    const [leaflet] = await Promise.all([
      import('leaflet'),
      loadStylesheet(leafletCssUrl),
      probe(tileUrlFor(template, latitude, longitude, zoom)),
    ])
    const L = leaflet.default
    const map = L.map(canvas, { scrollWheelZoom: false, attributionControl: true }).setView(
      [latitude, longitude],
      zoom
    )
    map.attributionControl.setPrefix(false)
    L.tileLayer(template, {
      maxZoom: 19,
      attribution: import.meta.env.PUBLIC_MAP_ATTRIBUTION || DEFAULT_ATTRIBUTION,
    }).addTo(map)
    const pin = L.divIcon({
      className: 'map-pin',
      html: '<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true"><path d="M16 41s14-13.4 14-24.5A14 14 0 0 0 2 16.5C2 27.6 16 41 16 41Z" fill="#b4532a" stroke="#fff" stroke-width="2"/><circle cx="16" cy="16.5" r="5.5" fill="#fff"/></svg>',
      iconSize: [32, 42],
      iconAnchor: [16, 41],
    })
    L.marker([latitude, longitude], {
      icon: pin,
      title: root.dataset.label ?? '',
      keyboard: false,
    }).addTo(map)
    setState(root, 'loaded')
  } catch {
    setState(root, 'failed')
  }
}

export function initMap(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-map]')) {
    const start = () => {
      if (root.dataset.state !== 'idle' && root.dataset.state !== 'failed') return
      void draw(root)
    }
    root.querySelector('[data-map-retry]')?.addEventListener('click', start)
    if ('IntersectionObserver' in window) {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect()
            start()
          }
        },
        { rootMargin: '200px 0px' }
      )
      observer.observe(root)
    } else {
      start()
    }
  }

  const platform = detectPlatform(navigator.userAgent, navigator.maxTouchPoints)
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-directions]')) {
    const latitude = Number(link.dataset.lat)
    const longitude = Number(link.dataset.lng)
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue
    link.href = directionsUrl(platform, latitude, longitude, link.dataset.label ?? '')
    if (platform !== 'web') link.removeAttribute('target')
  }
}
