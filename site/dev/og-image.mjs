/**
 * Draws public/og-default.jpg (1200×630), the pages' default Open Graph image, in headless
 * Chromium with the site's own font. Run again after changing the brand:
 *   node dev/og-image.mjs
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'

const require = createRequire(import.meta.url)
const font = (subset, weight) =>
  readFileSync(
    require.resolve(
      `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${subset}-${weight}-normal.woff2`
    )
  ).toString('base64')
const out = fileURLToPath(new URL('../public/og-default.jpg', import.meta.url))

const html = `<!doctype html><html><head><style>
@font-face{font-family:Plex;font-weight:700;src:url(data:font/woff2;base64,${font('latin', 700)}) format('woff2');unicode-range:U+0000-00FF}
@font-face{font-family:Plex;font-weight:700;src:url(data:font/woff2;base64,${font('arabic', 700)}) format('woff2');unicode-range:U+0600-06FF,U+FB50-FDFF,U+FE70-FEFC}
@font-face{font-family:Plex;font-weight:400;src:url(data:font/woff2;base64,${font('latin', 400)}) format('woff2');unicode-range:U+0000-00FF}
@font-face{font-family:Plex;font-weight:400;src:url(data:font/woff2;base64,${font('arabic', 400)}) format('woff2');unicode-range:U+0600-06FF,U+FB50-FDFF,U+FE70-FEFC}
*{margin:0;box-sizing:border-box}
body{width:1200px;height:630px;font-family:Plex;background:
 radial-gradient(600px 400px at 100% 0%,rgba(255,255,255,.16),transparent 60%),
 radial-gradient(500px 360px at 0% 100%,rgba(47,111,106,.45),transparent 60%),
 linear-gradient(135deg,#b4532a,#7f3415);color:#fff;display:flex;flex-direction:column;justify-content:space-between;padding:72px 80px}
.brand{display:flex;align-items:center;gap:22px;font-size:44px;font-weight:700}
.mark{width:84px;height:84px}
h1{font-size:66px;line-height:1.12;font-weight:700;max-width:900px;letter-spacing:-1px}
.ar{font-size:46px;font-weight:700;direction:rtl;text-align:right;color:#fbe9df}
.foot{display:flex;justify-content:space-between;align-items:flex-end;font-size:26px;color:#fbe9df}
</style></head><body>
<div class="brand"><svg class="mark" viewBox="0 0 40 40"><rect width="40" height="40" rx="12" fill="#fbf7f2"/><path d="M12 31V19a8 8 0 0 1 16 0v12Z" fill="#b4532a"/><circle cx="20" cy="21.5" r="2.4" fill="#fbf7f2"/><path d="M19 23h2l.6 4.5h-3.2Z" fill="#fbf7f2"/></svg><span>Sakan · سكن</span></div>
<h1>Safe, comfortable rooms for women in Riyadh</h1>
<div class="foot"><span>24/7 security · Transport · Monthly rent online</span><span class="ar">غرف آمنة ومريحة للنساء</span></div>
</body></html>`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(html)
await page.evaluate(() => globalThis.document.fonts.ready)
await page.screenshot({ path: out, type: 'jpeg', quality: 88 })
await browser.close()
console.log(`wrote ${out}`)
