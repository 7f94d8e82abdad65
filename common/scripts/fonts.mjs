/*
 * `npm run fonts -w common`: writes the core font files (common/styles/fonts/) and
 * common/styles/fonts.css from common/src/font-ranges.ts, subsetting @fontsource's IBM Plex
 * Sans Arabic with HarfBuzz (subset-font): its shaping tables are kept for the characters
 * kept, so Arabic still joins. Run it after changing the ranges; its output is committed.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'
import {
  ARABIC_CORE,
  FONT_WEIGHTS,
  LATIN_CORE,
  charactersOf,
  coreFontFile,
  fontFacesCss,
} from '../dist/font-ranges.js'

const styles = fileURLToPath(new URL('../styles/', import.meta.url))
const require = createRequire(import.meta.url)
mkdirSync(`${styles}fonts`, { recursive: true })
for (const [script, core] of [
  ['arabic', ARABIC_CORE],
  ['latin', LATIN_CORE],
]) {
  for (const weight of FONT_WEIGHTS) {
    const whole = readFileSync(
      require.resolve(
        `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${script}-${weight}-normal.woff2`
      )
    )
    const subset = await subsetFont(whole, charactersOf(core), { targetFormat: 'woff2' })
    writeFileSync(`${styles}fonts/${coreFontFile(script, weight)}`, subset)
    console.log(`${coreFontFile(script, weight)}: ${whole.length} → ${subset.length} bytes`)
  }
}
writeFileSync(`${styles}fonts.css`, fontFacesCss())
console.log('common/styles/fonts.css written')
