/**
 * The sitemap, rendered for the API's page cache and regenerated when a room enters or leaves
 * the public catalogue (api/app/server/page_changes.ts): an
 * index (`/sitemap.xml`) naming the fixed pages' file and one file per block of rooms
 * (`/sitemaps/rooms-<n>.xml`, ROOMS_PER_FILE rooms in both languages: far under the protocol's
 * 50,000 URLs and 50 MB), so a catalogue of 100,000 rooms stays valid and each file is quick.
 */
import { LOCALES, MAX_PAGE_ROWS, localePath, type Room } from '@sakan/common'
import { fetchRoomsPage } from './api'
import { absoluteUrl } from './seo'

export const ROOMS_PER_FILE = 5000

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

const XML = {
  'content-type': 'application/xml; charset=utf-8',
  'cache-control': 'public, max-age=60',
}

export interface SitemapPage {
  path: string
  lastmod?: string
  priority: string
}

/** The pages that are not rooms. */
export const FIXED_PAGES: SitemapPage[] = [
  { path: '/', priority: '1.0' },
  { path: '/listings', priority: '0.9' },
  { path: '/terms', priority: '0.2' },
  { path: '/privacy', priority: '0.2' },
  { path: '/cookies', priority: '0.2' },
]

/** A `<urlset>` of pages, each in every language with its hreflang alternates. */
export function urlset(site: URL | undefined, pages: SitemapPage[]): Response {
  const urls = pages.flatMap((page) =>
    LOCALES.map((lang) => {
      const alternates = LOCALES.map(
        (code) =>
          `    <xhtml:link rel="alternate" hreflang="${code}" href="${escape(absoluteUrl(site, localePath(code, page.path)))}"/>`
      )
      alternates.push(
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escape(absoluteUrl(site, page.path))}"/>`
      )
      return [
        '  <url>',
        `    <loc>${escape(absoluteUrl(site, localePath(lang, page.path)))}</loc>`,
        ...(page.lastmod ? [`    <lastmod>${page.lastmod}</lastmod>`] : []),
        `    <priority>${page.priority}</priority>`,
        ...alternates,
        '  </url>',
      ].join('\n')
    })
  )
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`
  return new Response(body, { headers: XML })
}

/** The index: the fixed pages' file, then one file per block of rooms. */
export async function sitemapIndex(site: URL | undefined): Promise<Response> {
  const { total } = await fetchRoomsPage('sort=newest&_start=0&_end=1')
  const files = ['/sitemaps/pages.xml']
  for (let n = 1; n <= Math.ceil(total / ROOMS_PER_FILE); n++)
    files.push(`/sitemaps/rooms-${n}.xml`)
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${files.map((file) => `  <sitemap><loc>${escape(absoluteUrl(site, file))}</loc></sitemap>`).join('\n')}
</sitemapindex>
`
  return new Response(body, { headers: XML })
}

/** Block `n` (from 1) of the public rooms, newest first; null past the last one. */
export async function roomsBlock(n: number): Promise<Room[] | null> {
  const first = (n - 1) * ROOMS_PER_FILE
  const rooms: Room[] = []
  for (let start = first; start < first + ROOMS_PER_FILE; start += MAX_PAGE_ROWS) {
    const page = await fetchRoomsPage(`sort=newest&_start=${start}&_end=${start + MAX_PAGE_ROWS}`)
    rooms.push(...page.rooms)
    if (start === first && page.rooms.length === 0 && n > 1) return null
    if (page.rooms.length < MAX_PAGE_ROWS) break
  }
  return rooms
}
