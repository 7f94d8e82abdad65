// Fails the build early and clearly when the API it reads the catalogue from is not running.
const base = (process.env.SAKAN_API_URL || `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(
  /\/+$/,
  ''
)
const url = `${base}/api/rooms?_start=0&_end=1`
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  console.log(
    `sakan site: reading the catalogue from ${base} (${response.headers.get('x-total-count') ?? '?'} rooms)`
  )
} catch (error) {
  console.error(
    `\nsakan site: the build reads rooms from the API, but ${url} is not answering (${error.message}).\n` +
      `Start the API first (npm start, or: cd api && npm start), or set SAKAN_API_URL to a running one.\n`
  )
  process.exit(1)
}
