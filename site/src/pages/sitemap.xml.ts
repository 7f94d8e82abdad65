/** sitemap.xml: every public page in both languages, each with its hreflang alternates. */
import type { APIRoute } from 'astro'
import { fetchAllRooms } from '../lib/api'
import { LOCALES, localePath } from '@sakan/common'
import { absoluteUrl } from '../lib/seo'

/* Rendered on each request: rooms the back office adds or archives are in it at once. */
export const prerender = false

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

export const GET: APIRoute = async ({ site }) => {
  const rooms = await fetchAllRooms()
  const pages: { path: string; lastmod?: string; priority: string }[] = [
    { path: '/', priority: '1.0' },
    { path: '/listings', priority: '0.9' },
    ...rooms.map((room) => ({
      path: `/property/${room.id}`,
      lastmod: room.createdAt?.slice(0, 10),
      priority: '0.8',
    })),
    { path: '/terms', priority: '0.2' },
    { path: '/privacy', priority: '0.2' },
    { path: '/cookies', priority: '0.2' },
  ]
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
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } })
}
