import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { describe, it } from 'node:test'
import {
  ARABIC_CORE,
  ARABIC_WHOLE,
  FONT_WEIGHTS,
  LATIN_CORE,
  LATIN_WHOLE,
  FONT_FAMILY,
  coreFontFile,
  covers,
  fontFacesCss,
  unicodeRange,
  without,
} from '../src/font-ranges.js'

const styles = new URL('../styles/', import.meta.url)
const locales = new URL('../locales/', import.meta.url)

/** Every character of every text in both languages' locale files. */
function localeCharacters(): Set<number> {
  const found = new Set<number>()
  const walk = (value: unknown): void => {
    if (typeof value === 'string') for (const char of value) found.add(char.codePointAt(0)!)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  for (const lang of readdirSync(locales))
    for (const file of readdirSync(new URL(`${lang}/`, locales)))
      walk(JSON.parse(readFileSync(new URL(`${lang}/${file}`, locales), 'utf8')))
  return found
}

describe('the product’s fonts (issue 42)', () => {
  it('fonts.css is what the ranges write (npm run fonts -w common)', () => {
    assert.equal(readFileSync(new URL('fonts.css', styles), 'utf8'), fontFacesCss())
  })

  it('a font not ready in time is not swapped in; the fallback is scaled to its measures', () => {
    const css = readFileSync(new URL('fonts.css', styles), 'utf8')
    const displays = [...css.matchAll(/font-display: (\w+)/g)].map((match) => match[1])
    assert.ok(displays.length > 0)
    assert.deepEqual(new Set(displays), new Set(['optional']))
    for (const fallback of ['Arial', 'Liberation Sans', 'Roboto', 'Noto Sans Arabic']) {
      const face = new RegExp(
        `font-family: "IBM Plex Sans Arabic Fallback: ${fallback}";[^}]*size-adjust: \\d+(\\.\\d+)?%`
      )
      assert.match(css, face, `the ${fallback} fallback has its size-adjust`)
    }
    const tokens = readFileSync(new URL('tokens.css', styles), 'utf8')
    const sans = /--font-sans:([^;]+);/.exec(tokens)![1]!.replace(/\s+/g, ' ').replaceAll("'", '"')
    assert.ok(sans.trim().startsWith(FONT_FAMILY), `${sans} begins with ${FONT_FAMILY}`)
  })

  it('the core files draw every character the pages’ own texts use, in both languages', () => {
    const missing = [...localeCharacters()].filter(
      (code) =>
        (covers(ARABIC_WHOLE, code) || covers(LATIN_WHOLE, code)) &&
        !covers(ARABIC_CORE, code) &&
        !covers(LATIN_CORE, code)
    )
    assert.deepEqual(
      missing.map((code) => `U+${code.toString(16).toUpperCase()} ${String.fromCodePoint(code)}`),
      []
    )
  })

  it('each core file is written and small; no character is drawn by two files', () => {
    for (const weight of FONT_WEIGHTS)
      for (const script of ['arabic', 'latin'] as const) {
        const size = statSync(new URL(`fonts/${coreFontFile(script, weight)}`, styles)).size
        assert.ok(size > 4_000 && size < 20_000, `${coreFontFile(script, weight)}: ${size} bytes`)
      }
    const faces = [...fontFacesCss().matchAll(/font-weight: 400;[^}]*unicode-range: ([^;]+);/g)]
    assert.equal(faces.length, 4)
    const seen = new Map<number, number>()
    for (const [face, [, ranges]] of faces.entries())
      for (const part of ranges!.split(', ')) {
        const [first, last = first] = part.replace('U+', '').split('-')
        for (let code = parseInt(first!, 16); code <= parseInt(last!, 16); code++) {
          assert.equal(seen.get(code) ?? face, face, `U+${code.toString(16)} in two files`)
          seen.set(code, face)
        }
      }
  })

  it('a range less another keeps exactly what the other does not cover', () => {
    assert.deepEqual(
      without(
        [
          [0x10, 0x20],
          [0x30, 0x30],
        ],
        [
          [0x12, 0x13],
          [0x20, 0x30],
        ]
      ),
      [
        [0x10, 0x11],
        [0x14, 0x1f],
      ]
    )
    assert.equal(
      unicodeRange([
        [0x600, 0x6ff],
        [0x200c, 0x200c],
      ]),
      'U+0600-06FF, U+200C'
    )
  })
})
