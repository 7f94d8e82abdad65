/**
 * The listing page's two islands from one module: Astro loads an island from the module the
 * page imports it from (`component-url`, `component-export`), so both come in one file with
 * the store and filters they share, instead of three.
 */
export { default as FilterPanel } from './FilterPanel'
export { default as ListingResults } from './ListingResults'
