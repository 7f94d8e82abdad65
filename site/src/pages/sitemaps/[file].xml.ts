/**
 * The sitemap's files: `pages.xml` (home, listings, legal pages) and `rooms-<n>.xml` (a block of
 * rooms, lib/sitemap.ts), each page in both languages with its hreflang alternates.
 */
import type { APIRoute } from 'astro'
import { FIXED_PAGES, roomsBlock, urlset } from '../../lib/sitemap'

export const prerender = false

export const GET: APIRoute = async ({ params, site }) => {
  const file = params.file ?? ''
  if (file === 'pages') return urlset(site, FIXED_PAGES)
  const block = /^rooms-([1-9]\d{0,5})$/.exec(file)
  const rooms = block ? await roomsBlock(Number(block[1])) : null
  if (!rooms)
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
  return urlset(
    site,
    rooms.map((room) => ({
      path: `/property/${room.id}`,
      lastmod: room.createdAt?.slice(0, 10),
      priority: '0.8',
    }))
  )
}
