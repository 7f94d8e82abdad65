/*
 * Section 6, part 2: how soon a room's public pages show an administrator's change. WRITES
 * times: `PATCH /api/rooms/:id` with a new price (signed in, from our origin), then, from the
 * moment its answer arrives, GET /en/property/:id and /ar/property/:id every POLL_MS (plain
 * fetch: no browser cache, no If-None-Match) until both pages show the new price as the
 * site writes it (`formatSar`: Latin digits in English, Arabic-Indic in Arabic), or GIVE_UP_MS
 * have passed (a miss).
 */
import { formatSar } from '@sakan/common'

export const WRITES = 20
export const POLL_MS = 50
export const GIVE_UP_MS = 15_000
const LOCALES = ['en', 'ar']

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Whole riyals far above the generated catalogue's (500–4,000 SAR), a new one per write. */
function newPrice(write, previous) {
  const price = 90_000 + write * 37 + Math.floor(Math.random() * 30)
  return price === previous ? price + 1 : price
}

/** The room's page in `locale` (status and HTML), as a visitor without a cache gets it. */
async function pageOf(origin, roomId, locale) {
  const response = await fetch(`${origin}/${locale}/property/${roomId}`, {
    headers: { 'accept-encoding': 'br, gzip' },
  })
  return { status: response.status, html: await response.text() }
}

/** Whether both pages are real pages that show `price`. */
async function bothShow(origin, roomId, price) {
  const pages = await Promise.all(LOCALES.map((locale) => pageOf(origin, roomId, locale)))
  return pages.every(
    (page, index) =>
      page.status === 200 &&
      page.html.includes('<html') &&
      page.html.includes(formatSar(price, LOCALES[index]))
  )
}

/** Milliseconds from `since` until both pages show `price`, or null after GIVE_UP_MS. */
async function untilShown(origin, roomId, price, since) {
  for (;;) {
    const started = performance.now()
    if (await bothShow(origin, roomId, price)) return performance.now() - since
    if (performance.now() - since >= GIVE_UP_MS) return null
    await sleep(Math.max(0, started + POLL_MS - performance.now()))
  }
}

async function changePrice({ origin, roomId, cookie, price }) {
  const response = await fetch(`${origin}/api/rooms/${roomId}`, {
    method: 'PATCH',
    headers: {
      cookie,
      origin,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ price }),
  })
  const body = await response.text()
  if (response.status !== 200)
    throw new Error(
      `PATCH /api/rooms/${roomId} answered HTTP ${response.status}: ${body.slice(0, 200)}`
    )
}

/**
 * Runs the WRITES changes on the server at `origin`, signed in with `cookie`. Returns
 * `{ roomId, writes, samples: [ms | null], misses }`; throws when a write is refused or when
 * the pages do not show the room's current price to begin with (so a miss always means a
 * page that lagged, not a price looked for in the wrong form).
 */
export async function measureRegeneration({ origin, cookie, log }) {
  const [room] = await fetch(`${origin}/api/rooms?_start=0&_end=1`).then((r) => r.json())
  if (!room?.id) throw new Error('the catalogue has no room')
  if (!(await bothShow(origin, room.id, room.price)))
    throw new Error(
      `/{en,ar}/property/${room.id} do not show the room's price as formatSar writes it ` +
        `(${LOCALES.map((locale) => formatSar(room.price, locale)).join(', ')})`
    )
  const samples = []
  let price = room.price
  for (let write = 1; write <= WRITES; write++) {
    price = newPrice(write, price)
    await changePrice({ origin, roomId: room.id, cookie, price })
    const ms = await untilShown(origin, room.id, price, performance.now())
    samples.push(ms)
    log(
      `write ${write}: ${price} SAR shown ${ms === null ? 'never (miss)' : `after ${ms.toFixed(0)} ms`}`
    )
  }
  return {
    roomId: room.id,
    writes: WRITES,
    samples,
    misses: samples.filter((ms) => ms === null).length,
  }
}
