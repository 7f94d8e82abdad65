/*
 * `npm start`: everything a fresh clone needs, then the product on one port.
 * Installs what is missing, builds, migrates and seeds the embedded SQLite database,
 * starts the Firebase Auth emulator with the demo accounts and the Moyasar payment sandbox
 * (127.0.0.1:4010) and the mail catcher (maildev: SMTP 127.0.0.1:1025, messages shown at
 * http://127.0.0.1:1080), then serves http://127.0.0.1:3000 (PORT overrides) until Ctrl-C.
 */
import { ensureInstalled } from './lib/steps.mjs'
import { EMULATOR_HOST } from './lib/emulator.mjs'
import { launchProduct } from './lib/product.mjs'
import { SANDBOX_URL } from './lib/sandbox.mjs'

const port = Number(process.env.PORT ?? 3000)

await ensureInstalled()
const product = await launchProduct({ port, restart: true })

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await product.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
/* An API that dies is started again (product.mjs); this is for one that keeps dying. */
product.exited.then(async (code) => {
  if (stopping) return
  console.error(`the server stopped for good (exit code ${code})`)
  await product.stop()
  process.exit(typeof code === 'number' ? code : 1)
})

const url = product.url
const payments =
  product.gatewayUrl === SANDBOX_URL
    ? `${SANDBOX_URL}   (Moyasar sandbox: card 4111 1111 1111 1111, any future expiry,
                 any CVC, then "Authenticate"; 4201 3212 3441 1220 is declined)`
    : product.gatewayUrl
console.log(`
  Sakan is running at ${url}
    English      ${url}/en/
    Arabic       ${url}/ar/
    Sign in      ${url}/login   (Firebase Auth emulator at http://${EMULATOR_HOST})
    Back office  ${url}/admin
    API health   ${url}/api/health
    Payments     ${payments}
    E-mail       ${product.mailUrl ?? `sent through ${process.env.SMTP_HOST}`}${product.mailUrl ? '   (mail catcher: every message the product sends)' : ''}

  Demo accounts (password Sakan#2026):
    admin@sakan.test   administrator
    tenant@sakan.test  tenant with an approved application, a payment and open requests

  Ctrl-C stops everything.
`)
