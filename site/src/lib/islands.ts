/**
 * How the pages' React islands hydrate: `client:idle` with this bound. The browser's first
 * idle moment is when they may cost the page nothing; but a page never given one (seen in
 * headless Chromium beside another page, two loaded cores) would keep its island unhydrated,
 * its filters and gallery dead, for ever. After this many milliseconds it hydrates anyway.
 */
export const ISLAND_IDLE = { timeout: 2000 } as const
