import type { APIRoute } from 'astro'
import { absoluteUrl } from '../lib/seo'

/** Public pages are for everyone; the account area and the API are not for search engines. */
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /application/',
      'Disallow: /payment',
      'Disallow: /maintenance',
      'Disallow: /login',
      'Disallow: /register',
      '',
      `Sitemap: ${absoluteUrl(site, '/sitemap.xml')}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8' } }
  )
