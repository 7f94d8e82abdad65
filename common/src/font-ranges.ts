/**
 * Which characters each of the product's font files draws: the core files, subset
 * from IBM Plex Sans Arabic to what Arabic and English pages write, load on almost every page;
 * @fontsource's whole Arabic and Latin files stay as the fallback for any other character of
 * their ranges (a rare letter in a name or a description), loaded only by a page that has one.
 * `common/scripts/fonts.mjs` writes the core files and `styles/fonts.css` from these ranges.
 */
import { createFontStack } from '@capsizecss/core'
import arial from '@capsizecss/metrics/arial'
import plexSansArabic from '@capsizecss/metrics/iBMPlexSansArabic'
import notoSansArabic from '@capsizecss/metrics/notoSansArabic'
import roboto from '@capsizecss/metrics/roboto'

/** A range of code points, both ends included. */
export type CodeRange = readonly [first: number, last: number]

/**
 * Arabic as the product writes it: the letters (with the Persian ones names may carry), the
 * vowel marks, tatweel, the Arabic-Indic digits and separators, the Arabic comma, semicolon,
 * question mark and full stop, and the joiners and direction marks.
 */
export const ARABIC_CORE: readonly CodeRange[] = [
  [0x060c, 0x060c],
  [0x061b, 0x061c],
  [0x061f, 0x061f],
  [0x0621, 0x063a],
  [0x0640, 0x0655],
  [0x0660, 0x066d],
  [0x0670, 0x0670],
  [0x067e, 0x067e],
  [0x0686, 0x0686],
  [0x0698, 0x0698],
  [0x06a9, 0x06a9],
  [0x06af, 0x06af],
  [0x06cc, 0x06cc],
  [0x06d4, 0x06d4],
  [0x200c, 0x200f],
]

/** English as the product writes it: ASCII, Latin-1, typographic punctuation, euro, minus. */
export const LATIN_CORE: readonly CodeRange[] = [
  [0x0020, 0x007e],
  [0x00a0, 0x00ff],
  [0x2010, 0x2027],
  [0x2030, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
]

/** @fontsource's ranges for its Arabic and Latin files (`unicode-range` of its CSS). */
export const ARABIC_WHOLE: readonly CodeRange[] = [
  [0x0600, 0x06ff],
  [0x0750, 0x077f],
  [0x0870, 0x088e],
  [0x0890, 0x0891],
  [0x0897, 0x08e1],
  [0x08e3, 0x08ff],
  [0x200c, 0x200e],
  [0x2010, 0x2011],
  [0x204f, 0x204f],
  [0x2e41, 0x2e41],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfe74],
  [0xfe76, 0xfefc],
]

export const LATIN_WHOLE: readonly CodeRange[] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
]

/** Whether `ranges` include the code point. */
export const covers = (ranges: readonly CodeRange[], code: number): boolean =>
  ranges.some(([first, last]) => code >= first && code <= last)

/** `whole` less `core`: what only the whole file draws. */
export function without(
  whole: readonly CodeRange[],
  core: readonly CodeRange[]
): readonly CodeRange[] {
  const left: CodeRange[] = []
  for (const [first, last] of whole) {
    let start = first
    for (const [cutFirst, cutLast] of [...core].sort((a, b) => a[0] - b[0])) {
      if (cutLast < start || cutFirst > last) continue
      if (cutFirst > start) left.push([start, cutFirst - 1])
      start = Math.max(start, cutLast + 1)
    }
    if (start <= last) left.push([start, last])
  }
  return left
}

/** A `unicode-range` value: `U+0600-06FF, U+200C`. */
export const unicodeRange = (ranges: readonly CodeRange[]): string =>
  ranges
    .map(([first, last]) => {
      const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0')
      return first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`
    })
    .join(', ')

/** Every character of `ranges`, as one string (what a subsetter keeps). */
export const charactersOf = (ranges: readonly CodeRange[]): string =>
  ranges
    .flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, at) => String.fromCodePoint(first + at))
    )
    .join('')

/**
 * The weights of the font files: regular, and semibold, which also draws bold text (its face
 * covers 600 to 700). A third file per script held the Arabic pages' first paint on a phone's
 * network (two more files to fetch before the headings show) for a difference in weight few
 * readers see.
 */
export const FONT_WEIGHTS = [400, 600] as const

/** The weights a file's face covers in CSS. */
const weightsOf = (weight: (typeof FONT_WEIGHTS)[number]) => (weight === 600 ? '600 700' : '400')

/** The core file of a script and weight, in `common/styles/fonts/`. */
export const coreFontFile = (script: 'arabic' | 'latin', weight: number) =>
  `plex-${script}-core-${weight}.woff2`

/**
 * `common/styles/fonts.css`: per weight, the core file of each script for its core range, and
 * @fontsource's whole file for the rest of its range (no range drawn by two files).
 */
export function fontFacesCss(): string {
  const scripts = [
    {
      script: 'arabic' as const,
      core: ARABIC_CORE,
      rest: without(without(ARABIC_WHOLE, ARABIC_CORE), LATIN_CORE),
    },
    {
      script: 'latin' as const,
      core: LATIN_CORE,
      rest: without(without(without(LATIN_WHOLE, LATIN_CORE), ARABIC_CORE), ARABIC_WHOLE),
    },
  ]
  const face = (weight: (typeof FONT_WEIGHTS)[number], url: string, ranges: readonly CodeRange[]) =>
    [
      '@font-face {',
      "  font-family: 'IBM Plex Sans Arabic';",
      '  font-style: normal;',
      '  font-display: optional;',
      `  font-weight: ${weightsOf(weight)};`,
      `  src: url('${url}') format('woff2');`,
      `  unicode-range: ${unicodeRange(ranges)};`,
      '}',
    ].join('\n')
  const faces = FONT_WEIGHTS.flatMap((weight) =>
    scripts.flatMap(({ script, core, rest }) => [
      face(weight, `./fonts/${coreFontFile(script, weight)}`, core),
      face(
        weight,
        `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${script}-${weight}-normal.woff2`,
        rest
      ),
    ])
  )
  return `${FONT_CSS_HEADER}\n${faces.join('\n')}\n${FALLBACK_STACK.fontFaces}\n`
}

/*
 * Text the web font is not ready for is drawn in a font the device has, scaled and spaced to
 * IBM Plex Sans Arabic's measures (capsize computes `size-adjust` and the ascent, descent and
 * line-gap overrides from both fonts' metrics), so it lays out as the web font would: Arial
 * (Windows and Apple systems; its Arabic on Windows), Liberation Sans (Linux; drawn to Arial's
 * measures, so Arial's metrics under its names), Roboto (Android's Latin) and Noto Sans Arabic
 * (Android's Arabic).
 */
const liberationSans = {
  ...arial,
  familyName: 'Liberation Sans',
  fullName: 'Liberation Sans',
  postscriptName: 'LiberationSans',
}
const FALLBACK_STACK = createFontStack([
  plexSansArabic,
  arial,
  liberationSans,
  roboto,
  notoSansArabic,
])

/**
 * The web font, then its metric-matched fallbacks (styles/tokens.css's `--font-sans` begins with
 * it; the system's own fonts follow there).
 */
export const FONT_FAMILY: string = FALLBACK_STACK.fontFamily
  .split(', ')
  .filter((family) => family.includes('IBM Plex Sans Arabic'))
  .join(', ')

const FONT_CSS_HEADER = `/*
 * Written by \`npm run fonts -w common\` (common/scripts/fonts.mjs) from common/src/font-ranges.ts:
 * edit those, not this file.
 *
 * IBM Plex Sans Arabic (SIL OFL), self-hosted, for the public site and the account app, in two
 * weights: regular, and semibold for semibold and bold text alike. Per weight and script, a core
 * file subset to what the product's pages write (about 15 KB for Arabic instead of 43 KB), and
 * @fontsource's whole file for the rest of the script's
 * range, which a page downloads only when it shows such a character.
 * \`optional\`: a font that is not ready within the first 100 ms is not swapped in later, so text
 * never moves when it arrives; the cached font is used from the next page on. Until then the
 * text is drawn in a fallback face scaled to the font's measures (the faces at the end), so the
 * next page, in the web font, lays out as this one did. The site's layout
 * (site/src/layouts/Base.astro) preloads the regular core file of the page's own script, so a
 * first visit has its body font in time (Chrome holds the first paint for a preloaded
 * \`optional\` font).
 */`
