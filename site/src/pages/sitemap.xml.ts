/** sitemap.xml: the sitemap index (lib/sitemap.ts), rendered for the API's page cache. */
import type { APIRoute } from 'astro'
import { sitemapIndex } from '../lib/sitemap'

export const prerender = false

export const GET: APIRoute = ({ site }) => sitemapIndex(site)
