#!/usr/bin/env node
/**
 * Generates the demo room photos and resident avatars used by the seed.
 *
 * They are illustrations, not photographs: each image is drawn as SVG (a flat-style room
 * interior, or a portrait for an avatar) and rendered to JPEG with `sharp`. The output is
 * deterministic (seeded pseudo-random numbers) and is committed under
 * database/assets/photos/, so the seeder itself needs no image library.
 *
 * sharp is deliberately not a dependency of the project. Install it anywhere outside the
 * repository and say where:
 *
 *   mkdir -p /tmp/photo-tools && cd /tmp/photo-tools && npm install sharp
 *   SHARP_PATH=/tmp/photo-tools/node_modules/sharp node database/scripts/generate_photos.mjs
 *
 * (NODE_PATH=/tmp/photo-tools/node_modules works as well.) Then, in api/, `node ace
 * photos:formats` writes each room photo's AVIF and WebP beside its JPEG (also committed).
 * Options:
 *   --out <dir>   write somewhere else than database/assets/photos
 *   --svg         also write the SVG sources next to the JPEGs (for debugging; not committed)
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const outIndex = args.indexOf('--out')
const OUT_DIR =
  outIndex >= 0 ? path.resolve(args[outIndex + 1]) : path.resolve(here, '../assets/photos')
const WRITE_SVG = args.includes('--svg')

const W = 1280
const H = 853
const SMALL_W = 640
const SMALL_H = 427
const AVATAR = 160
const JPEG = { quality: 78, mozjpeg: true, chromaSubsampling: '4:2:0' }

/* ----------------------------------------------------------------------------------- */
/* sharp                                                                                */
/* ----------------------------------------------------------------------------------- */

async function loadSharp() {
  const require = createRequire(import.meta.url)
  const tried = []
  const fromEnv = process.env.SHARP_PATH
  // SHARP_PATH may name the sharp package folder itself or a node_modules folder holding it
  const candidates = fromEnv ? [path.resolve(fromEnv), path.resolve(fromEnv, 'sharp')] : []
  for (const candidate of candidates) {
    tried.push(candidate)
    try {
      return require(candidate)
    } catch (error) {
      if (error?.code !== 'MODULE_NOT_FOUND') throw error
    }
  }
  tried.push('"sharp" through NODE_PATH and the usual module resolution')
  try {
    return createRequire(path.join(process.cwd(), 'noop.js'))('sharp')
  } catch (error) {
    if (error?.code !== 'MODULE_NOT_FOUND') throw error
  }
  console.error(
    [
      'generate_photos: could not load the image library "sharp".',
      `Tried: ${tried.join('; ')}.`,
      'sharp is not a dependency of the project; install it outside the repository, e.g.',
      '  mkdir -p /tmp/photo-tools && cd /tmp/photo-tools && npm install sharp',
      'then run',
      '  SHARP_PATH=/tmp/photo-tools/node_modules/sharp node database/scripts/generate_photos.mjs',
    ].join('\n')
  )
  process.exit(1)
}

/* ----------------------------------------------------------------------------------- */
/* helpers                                                                              */
/* ----------------------------------------------------------------------------------- */

function rng(seed) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  }
}

function hexToRgb(hex) {
  const h = hex.replace('#', '')
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16))
}
function rgbToHex(rgb) {
  return (
    '#' +
    rgb
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, '0')
      )
      .join('')
  )
}
function mix(a, b, t) {
  const x = hexToRgb(a)
  const y = hexToRgb(b)
  return rgbToHex(x.map((v, i) => v + (y[i] - v) * t))
}
const lighten = (c, t) => mix(c, '#ffffff', t)
const darken = (c, t) => mix(c, '#000000', t)
const n = (v) => Math.round(v * 10) / 10

function rect(x, y, w, h, fill, extra = '') {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}" ${extra}/>`
}
function rrect(x, y, w, h, r, fill, extra = '') {
  return rect(x, y, w, h, fill, `rx="${n(r)}" ${extra}`)
}
function circle(cx, cy, r, fill, extra = '') {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" ${extra}/>`
}
function ellipse(cx, cy, rx, ry, fill, extra = '') {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" ${extra}/>`
}
function poly(points, fill, extra = '') {
  return `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}" ${extra}/>`
}
function pathEl(d, fill, extra = '') {
  return `<path d="${d}" fill="${fill}" ${extra}/>`
}
function line(x1, y1, x2, y2, stroke, width, extra = '') {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${width}" ${extra}/>`
}
/** Mirrors a group horizontally around the vertical line x = cx. */
function mirrorAt(cx, content) {
  return `<g transform="translate(${n(2 * cx)},0) scale(-1,1)">${content}</g>`
}

let uid = 0
const id = (prefix) => `${prefix}${++uid}`

/* ----------------------------------------------------------------------------------- */
/* palettes                                                                             */
/* ----------------------------------------------------------------------------------- */

const PALETTES = [
  {
    name: 'sand-sage',
    wall: '#efe6d8',
    accent: '#c3d0b9',
    floor: '#c89f74',
    wood: '#e2c7a0',
    duvet: '#8fae9b',
    throw: '#e8b26a',
    pillow: '#f7f2ea',
    rug: '#dcc6aa',
    curtain: '#f3ece0',
    art: ['#e8b26a', '#8fae9b', '#d98a63'],
  },
  {
    name: 'blush',
    wall: '#f6e9e3',
    accent: '#e6bcb0',
    floor: '#d8b48e',
    wood: '#f4efe8',
    duvet: '#f0cfc5',
    throw: '#b8607a',
    pillow: '#ffffff',
    rug: '#efdad0',
    curtain: '#fbf3ef',
    art: ['#b8607a', '#e8a87c', '#7fa39a'],
  },
  {
    name: 'dusty-blue',
    wall: '#e5ecf0',
    accent: '#a4bacb',
    floor: '#b58a62',
    wood: '#d8bd97',
    duvet: '#5d7f99',
    throw: '#f0c98a',
    pillow: '#f5f3ee',
    rug: '#cbd7df',
    curtain: '#f5f7f8',
    art: ['#f0c98a', '#5d7f99', '#e48b6b'],
  },
  {
    name: 'terracotta',
    wall: '#f4eadd',
    accent: '#d9906b',
    floor: '#a8774f',
    wood: '#ebdcc7',
    duvet: '#f7f1e8',
    throw: '#c8643f',
    pillow: '#e9c9a8',
    rug: '#e6d0b5',
    curtain: '#f7efe4',
    art: ['#c8643f', '#e9b872', '#6f8f7a'],
  },
  {
    name: 'lavender',
    wall: '#eeeaf3',
    accent: '#bdb2d6',
    floor: '#cfb291',
    wood: '#f5f3ef',
    duvet: '#8d7fb5',
    throw: '#f3d6a0',
    pillow: '#ffffff',
    rug: '#ded7ea',
    curtain: '#f8f6fb',
    art: ['#8d7fb5', '#f3b98a', '#7fb3a6'],
  },
  {
    name: 'olive-mustard',
    wall: '#efebdd',
    accent: '#abab80',
    floor: '#9b7656',
    wood: '#d9bf93',
    duvet: '#d9a441',
    throw: '#6d7a4a',
    pillow: '#f6f0df',
    rug: '#e6dcc2',
    curtain: '#f4efe1',
    art: ['#d9a441', '#6d7a4a', '#c46d4e'],
  },
  {
    name: 'mint',
    wall: '#e7f2ee',
    accent: '#a2d2c3',
    floor: '#d5b896',
    wood: '#f5f2ed',
    duvet: '#6fb5a3',
    throw: '#f2a48a',
    pillow: '#ffffff',
    rug: '#d5ebe3',
    curtain: '#f7fbf9',
    art: ['#f2a48a', '#6fb5a3', '#f3cf7a'],
  },
  {
    name: 'navy-gold',
    wall: '#ebe8e2',
    accent: '#3a5577',
    floor: '#8a6748',
    wood: '#caa47a',
    duvet: '#34507a',
    throw: '#d8a844',
    pillow: '#f3efe7',
    rug: '#d9cfc1',
    curtain: '#f1ede6',
    art: ['#d8a844', '#34507a', '#c97b63'],
  },
  {
    name: 'peach',
    wall: '#fbefe6',
    accent: '#f2c3a2',
    floor: '#c79a72',
    wood: '#efe2d2',
    duvet: '#e98f72',
    throw: '#f8e0a8',
    pillow: '#fffaf3',
    rug: '#f3dccb',
    curtain: '#fff7f0',
    art: ['#e98f72', '#8fb8a8', '#f2c14e'],
  },
  {
    name: 'grey-modern',
    wall: '#ececeb',
    accent: '#818d96',
    floor: '#bfa78e',
    wood: '#4a515b',
    duvet: '#d8dcdf',
    throw: '#e4a23c',
    pillow: '#ffffff',
    rug: '#d0d4d7',
    curtain: '#f4f4f3',
    art: ['#e4a23c', '#818d96', '#c75f4a'],
  },
  {
    name: 'rose-green',
    wall: '#f4ede7',
    accent: '#cfa0a3',
    floor: '#b98d66',
    wood: '#e9d7bd',
    duvet: '#6f9a86',
    throw: '#f1c3c0',
    pillow: '#fbf6f1',
    rug: '#eadbd0',
    curtain: '#fbf6f2',
    art: ['#cfa0a3', '#6f9a86', '#e9b872'],
  },
  {
    name: 'teal',
    wall: '#eef0ea',
    accent: '#5a9192',
    floor: '#c39a6f',
    wood: '#f1e6d6',
    duvet: '#4f8a8b',
    throw: '#f3c178',
    pillow: '#fdfaf4',
    rug: '#dde3dc',
    curtain: '#f6f7f3',
    art: ['#f3c178', '#4f8a8b', '#e07a5f'],
  },
]

const GREENS = ['#5f9e6e', '#4a8a5c', '#7bb38a', '#3f7a52']

/* ----------------------------------------------------------------------------------- */
/* the room                                                                             */
/* ----------------------------------------------------------------------------------- */

const FY = 600 // where the back wall meets the floor
const VP = { x: 640, y: -150 } // vanishing point of the floor lines
/** Where a point on the wall line (x, FY) lands at depth y in front of the wall. */
const project = (x, y) => VP.x + (x - VP.x) * ((y - VP.y) / (FY - VP.y))

function defs(p, r) {
  const sky = r.pick([
    ['#7fbde9', '#d6eefb'],
    ['#92c8ee', '#eaf6fc'],
    ['#a4d0ef', '#fbead2'],
    ['#86c1e6', '#f3f7f0'],
  ])
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/>
    </linearGradient>
    <linearGradient id="wallShade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.06"/><stop offset="0.35" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.03"/>
    </linearGradient>
    <linearGradient id="floorShade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.10"/><stop offset="1" stop-color="#fff" stop-opacity="0.06"/>
    </linearGradient>
    <radialGradient id="warm" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffe7a8" stop-opacity="0.55"/><stop offset="1" stop-color="#ffe7a8" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="sunGlow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fffbe6" stop-opacity="0.95"/><stop offset="1" stop-color="#fffbe6" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fffdf2" stop-opacity="0.30"/><stop offset="1" stop-color="#fffdf2" stop-opacity="0.05"/>
    </linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#9fd0f0"/><stop offset="1" stop-color="${p.art[0]}"/>
    </linearGradient>
    <linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#dfeef5"/><stop offset="1" stop-color="#b9d3df"/>
    </linearGradient>
  </defs>`
}

function walls(p, r, opts) {
  let s = rect(0, 0, W, FY, p.wall)
  if (opts.accent) {
    const [x0, x1] = opts.accent
    s += rect(x0, 0, x1 - x0, FY, p.accent)
  }
  if (opts.wainscot) {
    s += rect(0, FY - 150, W, 150, lighten(p.wall, 0.35))
    s += rect(0, FY - 154, W, 6, darken(p.wall, 0.08))
  }
  s += rect(0, 0, W, FY, 'url(#wallShade)')
  // ceiling cornice
  s += rect(0, 0, W, 18, lighten(p.wall, 0.5)) + rect(0, 18, W, 4, darken(p.wall, 0.06))
  return s
}

function floor(p, r, kind) {
  let s = rect(0, FY, W, H - FY, p.floor)
  if (kind === 'planks') {
    for (let x = -1600; x <= W + 1600; x += 58) {
      s += line(x, FY, project(x, H), H, darken(p.floor, 0.14), 2, 'opacity="0.55"')
    }
    // staggered plank joints
    for (let row = 0; row < 6; row++) {
      const y = FY + 18 + row * 42
      for (let x = -1600 + (row % 2) * 120; x < W + 1600; x += 240) {
        const a = project(x, y)
        const b = project(x + 58, y)
        if (a > -60 && a < W + 60) s += line(a, y, b, y, darken(p.floor, 0.12), 2, 'opacity="0.45"')
      }
    }
  } else {
    // porcelain tiles
    const tile = lighten(p.floor, 0.55)
    s = rect(0, FY, W, H - FY, tile)
    for (let x = -1600; x <= W + 1600; x += 150) {
      s += line(x, FY, project(x, H), H, darken(tile, 0.12), 2)
    }
    for (const y of [FY + 52, FY + 125, FY + 215]) s += line(0, y, W, y, darken(tile, 0.12), 2)
  }
  s += rect(0, FY, W, H - FY, 'url(#floorShade)')
  // skirting board
  s +=
    rect(0, FY - 12, W, 14, lighten(p.wall, 0.55)) +
    rect(0, FY + 2, W, 3, darken(p.floor, 0.2), 'opacity="0.5"')
  return s
}

function windowEl(x, y, w, h, p, r, opts = {}) {
  const frame = '#fbfaf6'
  let s = ''
  // light falling on the floor
  if (opts.beam !== false) {
    const d = r.range(60, 160)
    s += poly(
      [
        [x + 10, FY + 4],
        [x + w - 10, FY + 4],
        [x + w + d + 120, H],
        [x + d - 40, H],
      ],
      'url(#beam)'
    )
  }
  s += rect(x - 18, y - 14, w + 36, h + 34, darken(p.wall, 0.12), 'opacity="0.35"')
  s += rect(x - 16, y - 16, w + 32, h + 32, frame)
  s += rect(x, y, w, h, 'url(#sky)')
  const clip = id('win')
  s += `<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath><g clip-path="url(#${clip})">`
  const sunX = x + w * r.range(0.6, 0.85)
  const sunY = y + h * r.range(0.18, 0.32)
  s += circle(sunX, sunY, 90, 'url(#sunGlow)') + circle(sunX, sunY, 24, '#fff8d8')
  for (let i = 0; i < r.int(1, 3); i++) {
    const cx = x + w * r.range(0.1, 0.7)
    const cy = y + h * r.range(0.12, 0.4)
    const k = r.range(0.7, 1.2)
    s += `<g opacity="0.92" fill="#ffffff">${ellipse(cx, cy, 40 * k, 14 * k, '#fff')}${ellipse(cx - 18 * k, cy - 8 * k, 20 * k, 14 * k, '#fff')}${ellipse(cx + 14 * k, cy - 12 * k, 24 * k, 17 * k, '#fff')}</g>`
  }
  // a distant skyline: two layers, with a tower with an arch and one with a sphere
  const base = y + h
  const far = '#bfcfdb'
  const near = '#a6b9c8'
  let bx = x - 10
  while (bx < x + w) {
    const bw = r.range(24, 60)
    const bh = h * r.range(0.14, 0.34)
    s += rect(bx, base - bh, bw, bh, far)
    bx += bw + r.range(2, 10)
  }
  const towerX = x + w * r.range(0.2, 0.75)
  const th = h * 0.72
  if (r.chance(0.5)) {
    // a tall tower with a parabolic opening at the top
    s += poly(
      [
        [towerX - 26, base],
        [towerX - 14, base - th],
        [towerX + 14, base - th],
        [towerX + 26, base],
      ],
      near
    )
    s += pathEl(
      `M ${n(towerX - 10)} ${n(base - th)} Q ${n(towerX)} ${n(base - th + 70)} ${n(towerX + 10)} ${n(base - th)} Z`,
      'url(#sky)'
    )
  } else {
    s += poly(
      [
        [towerX - 24, base],
        [towerX, base - th],
        [towerX + 24, base],
      ],
      near
    )
    s += circle(towerX, base - th * 0.68, 9, lighten(near, 0.35))
  }
  bx = x - 20
  while (bx < x + w) {
    const bw = r.range(34, 80)
    const bh = h * r.range(0.08, 0.2)
    s += rect(bx, base - bh, bw, bh, near)
    bx += bw + r.range(4, 30)
  }
  s += '</g>'
  // mullions
  s += rect(x + w / 2 - 5, y, 10, h, frame)
  if (opts.transom !== false) s += rect(x, y + h * 0.3, w, 9, frame)
  s += rect(x + w / 2 - 5, y, 3, h, darken(frame, 0.08))
  // sill
  s +=
    rect(x - 30, y + h + 14, w + 60, 14, lighten(p.wall, 0.6)) +
    rect(x - 30, y + h + 28, w + 60, 4, darken(p.wall, 0.15), 'opacity="0.5"')
  if (opts.sillPlant) s += plant(x + w - 50, y + h + 14, 0.45, p, r, 'round')
  // curtains or a roller blind
  if (opts.curtains) {
    const rodY = y - 44
    s +=
      rect(x - 90, rodY - 3, w + 180, 6, darken(p.wood, 0.35)) +
      circle(x - 92, rodY, 8, darken(p.wood, 0.35)) +
      circle(x + w + 92, rodY, 8, darken(p.wood, 0.35))
    const cw = 92
    const bottom = Math.min(FY - 14, y + h + 90)
    for (const side of [-1, 1]) {
      const cx0 = side < 0 ? x - 80 : x + w + 80 - cw
      const c = opts.curtainColor ?? p.curtain
      s += pathEl(
        `M ${n(cx0)} ${n(rodY)} L ${n(cx0 + cw)} ${n(rodY)} Q ${n(cx0 + cw - side * 10)} ${n(y + h * 0.6)} ${n(cx0 + cw + side * 6)} ${n(bottom)} L ${n(cx0 - side * 6)} ${n(bottom)} Q ${n(cx0 + side * 4)} ${n(y + h * 0.6)} ${n(cx0)} ${n(rodY)} Z`,
        c,
        'opacity="0.96"'
      )
      for (let k = 1; k < 4; k++) {
        const fx = cx0 + (cw * k) / 4
        s += line(
          fx,
          rodY + 6,
          fx + side * 3,
          bottom - 4,
          darken(c, 0.1),
          5,
          'opacity="0.7" stroke-linecap="round"'
        )
      }
    }
  } else if (opts.blind) {
    const bh = h * r.range(0.14, 0.3)
    s +=
      rect(x, y, w, bh, opts.curtainColor ?? p.curtain, 'opacity="0.95"') +
      rect(x, y + bh - 4, w, 6, darken(p.curtain, 0.2))
    s += circle(x + w / 2, y + bh + 10, 4, darken(p.curtain, 0.3))
  }
  return s
}

/**
 * A plant's stems fanned out from the pot's rim at (x, y): `count` stems `spread` radians apart,
 * each `length` plus up to `extra` long (times k), drawn `width` wide in `green` darkened by
 * `shade`; `leaf(lx, ly, angle, i)` draws what each stem ends in.
 */
function stemFan(r, { x, y, k, green, count, spread, length, extra, shade, width }, leaf) {
  let out = ''
  const half = (count - 1) / 2
  for (let i = 0; i < count; i++) {
    const a = -Math.PI / 2 + (i - half) * spread
    const len = (length + r.range(0, extra)) * k
    const lx = x + Math.cos(a) * len
    const ly = y + Math.sin(a) * len
    out += line(x, y, lx, ly, darken(green, shade), width * k)
    out += leaf(lx, ly, a, i)
  }
  return out
}

function plant(x, bottom, k, p, r, kind) {
  const pot = r.pick(['#d9906b', '#f2efe8', '#c9b8a0', '#5b6770', darken(p.accent, 0.1)])
  const g = [r.pick(GREENS), r.pick(GREENS)]
  const potW = 70 * k
  const potH = 64 * k
  let s = ellipse(x, bottom, potW * 0.7, 8 * k, '#000', 'opacity="0.10"')
  let leaves = ''
  if (kind === 'snake') {
    for (let i = 0; i < 7; i++) {
      const lx = x + (i - 3) * 9 * k
      const lh = (120 + r.range(-20, 60)) * k
      const lean = (i - 3) * 7 * k
      leaves += pathEl(
        `M ${n(lx - 8 * k)} ${n(bottom - potH)} Q ${n(lx + lean - 10 * k)} ${n(bottom - potH - lh * 0.6)} ${n(lx + lean)} ${n(bottom - potH - lh)} Q ${n(lx + lean + 10 * k)} ${n(bottom - potH - lh * 0.6)} ${n(lx + 8 * k)} ${n(bottom - potH)} Z`,
        g[i % 2]
      )
    }
  } else if (kind === 'round') {
    const stems = { x, y: bottom - potH, k, green: g[0], count: 9, spread: 0.32, length: 40 }
    leaves = stemFan(r, { ...stems, extra: 30, shade: 0.2, width: 2 }, (lx, ly, _a, i) =>
      ellipse(lx, ly, 16 * k, 12 * k, g[i % 2])
    )
  } else {
    // monstera-like
    const stems = { x, y: bottom - potH, k, green: g[0], count: 7, spread: 0.42, length: 90 }
    leaves = stemFan(r, { ...stems, extra: 50, shade: 0.25, width: 3 }, (lx, ly, a, i) => {
      const rot = (a * 180) / Math.PI + 90
      return `<g transform="translate(${n(lx)},${n(ly)}) rotate(${n(rot)})">${ellipse(0, 0, 26 * k, 36 * k, g[i % 2])}${line(0, -30 * k, 0, 30 * k, lighten(g[i % 2], 0.2), 2 * k)}</g>`
    })
  }
  s += leaves
  s += pathEl(
    `M ${n(x - potW / 2)} ${n(bottom - potH)} L ${n(x + potW / 2)} ${n(bottom - potH)} L ${n(x + potW * 0.38)} ${n(bottom)} L ${n(x - potW * 0.38)} ${n(bottom)} Z`,
    pot
  )
  s += rect(x - potW / 2 - 3 * k, bottom - potH - 4 * k, potW + 6 * k, 12 * k, darken(pot, 0.08))
  return s
}

function art(x, y, w, h, p, r, kind) {
  const frame = r.pick(['#2f2f33', darken(p.wood, 0.3), '#f7f4ee', '#c9a86b'])
  const clip = id('art')
  let s = rect(x + 5, y + 7, w, h, '#000', 'opacity="0.10"')
  s += rect(x, y, w, h, frame) + rect(x + 8, y + 8, w - 16, h - 16, '#fbf8f2')
  const ix = x + 20
  const iy = y + 20
  const iw = w - 40
  const ih = h - 40
  s += `<clipPath id="${clip}"><rect x="${ix}" y="${iy}" width="${iw}" height="${ih}"/></clipPath><g clip-path="url(#${clip})">`
  const [a, b, c] = p.art
  if (kind === 'arch') {
    s += rect(ix, iy, iw, ih, lighten(b, 0.75))
    s += circle(ix + iw * 0.5, iy + ih * 0.55, Math.min(iw, ih) * 0.28, a)
    s += pathEl(
      `M ${n(ix)} ${n(iy + ih)} Q ${n(ix + iw * 0.3)} ${n(iy + ih * 0.55)} ${n(ix + iw * 0.6)} ${n(iy + ih * 0.8)} T ${n(ix + iw)} ${n(iy + ih * 0.7)} L ${n(ix + iw)} ${n(iy + ih)} Z`,
      b
    )
  } else if (kind === 'shapes') {
    s += rect(ix, iy, iw, ih, lighten(c, 0.8))
    s += circle(ix + iw * 0.3, iy + ih * 0.35, iw * 0.22, a, 'opacity="0.9"')
    s += rect(ix + iw * 0.45, iy + ih * 0.45, iw * 0.4, ih * 0.4, b, 'opacity="0.85"')
    s += pathEl(
      `M ${n(ix + iw * 0.1)} ${n(iy + ih * 0.9)} Q ${n(ix + iw * 0.5)} ${n(iy + ih * 0.5)} ${n(ix + iw * 0.9)} ${n(iy + ih * 0.15)}`,
      'none',
      `stroke="${c}" stroke-width="5"`
    )
  } else if (kind === 'dunes') {
    s += rect(ix, iy, iw, ih, lighten(a, 0.7))
    s += circle(ix + iw * 0.75, iy + ih * 0.3, iw * 0.1, lighten(a, 0.2))
    s += pathEl(
      `M ${n(ix)} ${n(iy + ih * 0.7)} Q ${n(ix + iw * 0.4)} ${n(iy + ih * 0.45)} ${n(ix + iw)} ${n(iy + ih * 0.65)} L ${n(ix + iw)} ${n(iy + ih)} L ${n(ix)} ${n(iy + ih)} Z`,
      mix(a, c, 0.4)
    )
    s += pathEl(
      `M ${n(ix)} ${n(iy + ih * 0.85)} Q ${n(ix + iw * 0.6)} ${n(iy + ih * 0.65)} ${n(ix + iw)} ${n(iy + ih * 0.9)} L ${n(ix + iw)} ${n(iy + ih)} L ${n(ix)} ${n(iy + ih)} Z`,
      c
    )
  } else {
    // botanical
    s += rect(ix, iy, iw, ih, lighten(b, 0.82))
    const cx = ix + iw / 2
    s += line(cx, iy + ih * 0.95, cx, iy + ih * 0.15, darken(b, 0.2), 3)
    for (let i = 0; i < 5; i++) {
      const yy = iy + ih * (0.25 + i * 0.14)
      s += ellipse(cx - 16, yy, 16, 7, b, `transform="rotate(-25 ${n(cx - 16)} ${n(yy)})"`)
      s += ellipse(cx + 16, yy + 8, 16, 7, b, `transform="rotate(25 ${n(cx + 16)} ${n(yy + 8)})"`)
    }
  }
  s += '</g>'
  return s
}

function acUnit(x, y, w = 210) {
  let s = rrect(x + 4, y + 8, w, 62, 12, '#000', 'opacity="0.08"')
  s += rrect(x, y, w, 62, 12, '#f9faf9') + rect(x + 10, y + 44, w - 20, 10, '#e3e7e8', 'rx="4"')
  for (let i = 0; i < 6; i++)
    s += rect(x + 16 + i * ((w - 32) / 6), y + 47, (w - 32) / 6 - 6, 3, '#cdd3d5')
  s += circle(x + w - 22, y + 20, 3, '#7ccf9c')
  return s
}

function pendant(x, len, p, r) {
  const shade = r.pick(['#f3efe6', '#2f3338', p.throw, '#d8c3a0'])
  let s = line(x, 20, x, len, '#4a4a4a', 2)
  s += ellipse(x, len + 40, 90, 60, 'url(#warm)')
  s += pathEl(
    `M ${n(x - 36)} ${n(len + 34)} Q ${n(x - 34)} ${n(len)} ${n(x)} ${n(len)} Q ${n(x + 34)} ${n(len)} ${n(x + 36)} ${n(len + 34)} Z`,
    shade
  )
  s += ellipse(x, len + 34, 14, 5, '#fff3c4')
  return s
}

function clock(x, y, p) {
  let s =
    circle(x + 3, y + 4, 30, '#000', 'opacity="0.08"') +
    circle(x, y, 30, darken(p.wood, 0.35)) +
    circle(x, y, 25, '#fdfcf8')
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6
    s += line(
      x + Math.cos(a) * 19,
      y + Math.sin(a) * 19,
      x + Math.cos(a) * 22,
      y + Math.sin(a) * 22,
      '#555',
      i % 3 === 0 ? 2.5 : 1.2
    )
  }
  s +=
    line(x, y, x + 10, y - 9, '#333', 3, 'stroke-linecap="round"') +
    line(x, y, x - 2, y - 17, '#333', 2, 'stroke-linecap="round"') +
    circle(x, y, 2.5, '#c0392b')
  return s
}

function rug(cx, cy, rx, ry, p, r, kind) {
  const c = p.rug
  let s = ''
  if (kind === 'round') {
    s += ellipse(cx, cy + 4, rx, ry, '#000', 'opacity="0.07"')
    s +=
      ellipse(cx, cy, rx, ry, c) +
      ellipse(cx, cy, rx * 0.82, ry * 0.78, 'none', `stroke="${darken(c, 0.12)}" stroke-width="6"`)
    s += ellipse(cx, cy, rx * 0.5, ry * 0.45, lighten(c, 0.3))
  } else {
    const pts = [
      [project(cx - rx, cy - ry), cy - ry],
      [project(cx + rx, cy - ry), cy - ry],
      [project(cx + rx, cy + ry), cy + ry],
      [project(cx - rx, cy + ry), cy + ry],
    ]
    s += poly(
      pts.map(([x, y]) => [x, y + 5]),
      '#000',
      'opacity="0.07"'
    )
    s += poly(pts, c)
    const inner = pts.map(([x, y]) => [x + (x < cx ? 18 : -18), y + (y < cy ? 8 : -8)])
    s += poly(inner, 'none', `stroke="${darken(c, 0.15)}" stroke-width="5"`)
    // a row of simple diamonds
    for (let i = -3; i <= 3; i++) {
      const dx = cx + i * (rx / 4.2)
      s += poly(
        [
          [dx, cy - 12],
          [dx + 14, cy],
          [dx, cy + 12],
          [dx - 14, cy],
        ],
        i % 2 ? p.throw : darken(c, 0.18),
        'opacity="0.75"'
      )
    }
  }
  return s
}

/** A single bed seen from the side, headboard on the left (mirror for the other side). */
function sideBed(x, bottom, len, p, r, k = 1) {
  const body = sideBedBody(x, bottom, len, p, r)
  return `<g transform="translate(${n(x)},${n(bottom)}) scale(${k}) translate(${n(-x)},${n(-bottom)})">${body}</g>`
}
function sideBedBody(x, bottom, len, p, r) {
  const legH = 20
  const frameH = 38
  const mH = 42
  const frameTop = bottom - legH - frameH
  const mTop = frameTop - mH + 6
  const headColor = r.chance(0.5) ? p.wood : darken(p.accent, 0.12)
  const upholstered = headColor !== p.wood
  let s = ellipse(x + len / 2, bottom, len / 2 + 30, 14, '#000', 'opacity="0.10"')
  s +=
    rect(x + 8, bottom - legH, 14, legH, darken(p.wood, 0.3)) +
    rect(x + len - 22, bottom - legH, 14, legH, darken(p.wood, 0.3))
  s +=
    rrect(x, frameTop, len, frameH, 6, p.wood) +
    rect(x, frameTop + frameH - 8, len, 8, darken(p.wood, 0.12))
  s += rrect(x + 16, mTop, len - 26, mH, 12, '#fbfaf6')
  // headboard
  s += rrect(x - 10, bottom - 262, 40, 262 - legH + 4, 14, headColor)
  if (upholstered)
    for (let i = 0; i < 4; i++)
      s += circle(x + 10, bottom - 230 + i * 40, 3, darken(headColor, 0.2))
  s += rrect(x + len - 24, bottom - 140, 30, 140 - legH + 4, 10, p.wood)
  // pillows
  s += rrect(x + 30, mTop - 44, 118, 50, 22, darken(p.pillow, 0.05))
  s += rrect(x + 44, mTop - 34, 104, 42, 20, r.chance(0.5) ? p.pillow : lighten(p.throw, 0.4))
  // duvet
  const dx = x + 140
  const dw = len - 150
  const dTop = mTop - 16
  const dH = mH + 16 + 34
  const clip = id('duvet')
  s += `<clipPath id="${clip}"><rect x="${dx}" y="${dTop}" width="${dw}" height="${dH}" rx="16"/></clipPath>`
  s += rrect(dx, dTop, dw, dH, 16, p.duvet)
  const pattern = r.pick(['plain', 'stripes', 'dots', 'check'])
  let pat = ''
  if (pattern === 'stripes')
    for (let i = 0; i < dw; i += 34)
      pat += rect(dx + i, dTop, 12, dH, lighten(p.duvet, 0.35), 'opacity="0.6"')
  if (pattern === 'dots')
    for (let i = 16; i < dw; i += 30)
      for (let j = 12; j < dH; j += 26)
        pat += circle(dx + i + (j % 52 ? 0 : 15), dTop + j, 4, lighten(p.duvet, 0.45))
  if (pattern === 'check') {
    for (let i = 0; i < dw; i += 40)
      pat += rect(dx + i, dTop, 16, dH, darken(p.duvet, 0.1), 'opacity="0.4"')
    for (let j = 8; j < dH; j += 30)
      pat += rect(dx, dTop + j, dw, 10, darken(p.duvet, 0.1), 'opacity="0.4"')
  }
  s += `<g clip-path="url(#${clip})">${pat}${rect(dx, dTop, 54, dH, lighten(p.duvet, 0.5))}${rect(dx, dTop + dH - 10, dw, 10, darken(p.duvet, 0.12))}</g>`
  // throw blanket at the foot
  const tx = x + len - 170
  s +=
    rect(tx, dTop - 4, 110, dH + 14, p.throw, 'rx="6"') +
    rect(tx, dTop - 4, 110, 10, darken(p.throw, 0.12), 'rx="4"')
  for (let i = 0; i < 11; i++)
    s += line(
      tx + 5 + i * 10,
      dTop + dH + 10,
      tx + 5 + i * 10,
      dTop + dH + 20,
      darken(p.throw, 0.1),
      2
    )
  return s
}

/** A single bed seen head-on: headboard on the wall, mattress coming towards the viewer. */
function frontBed(x, w, depth, p, r, opts = {}) {
  const back = FY + 6
  const front = FY + depth
  const headH = opts.headH ?? 190
  const headColor = opts.headColor ?? (r.chance(0.5) ? p.wood : darken(p.accent, 0.1))
  const bx0 = x
  const bx1 = x + w
  const fx0 = project(bx0, front)
  const fx1 = project(bx1, front)
  const mH = 40
  const mTop = 54 // how far the mattress top sits above the floor line at each depth
  let s = ellipse((fx0 + fx1) / 2, front + 58, (fx1 - fx0) / 2 + 24, 14, '#000', 'opacity="0.10"')
  // headboard
  s += rrect(bx0 - 14, back - headH, w + 28, headH, 16, headColor)
  if (headColor !== p.wood)
    for (let i = 1; i < 5; i++)
      s += line(
        bx0 - 14 + ((w + 28) * i) / 5,
        back - headH + 14,
        bx0 - 14 + ((w + 28) * i) / 5,
        back - 40,
        darken(headColor, 0.1),
        3
      )
  // legs
  s +=
    rect(fx0 + 6, front + 20, 14, 38, darken(p.wood, 0.3)) +
    rect(fx1 - 20, front + 20, 14, 38, darken(p.wood, 0.3))
  // bed frame (front face)
  s += rrect(fx0 - 4, front + 10, fx1 - fx0 + 8, 24, 5, p.wood)
  // mattress top surface
  const top = [
    [bx0, back - mTop],
    [bx1, back - mTop],
    [fx1, front - mTop + 40],
    [fx0, front - mTop + 40],
  ]
  s += poly(top, '#fbfaf6')
  s += rect(fx0, front - mTop + 40, fx1 - fx0, mH - 6, '#efece4')
  // pillows
  s += rrect(bx0 + 14, back - mTop - 26, w - 28, 48, 20, darken(p.pillow, 0.04))
  s += rrect(bx0 + 26, back - mTop - 8, w - 52, 40, 18, opts.pillow2 ?? lighten(p.throw, 0.35))
  // duvet covering the front two thirds
  const dBackY = back - mTop + 50
  const dx0 = project(bx0, dBackY + mTop) - 8
  const dx1 = project(bx1, dBackY + mTop) + 8
  const duvet = opts.duvet ?? p.duvet
  s += poly(
    [
      [dx0, dBackY],
      [dx1, dBackY],
      [fx1 + 10, front - mTop + 40],
      [fx1 + 10, front + 26],
      [fx0 - 10, front + 26],
      [fx0 - 10, front - mTop + 40],
    ],
    duvet
  )
  s += poly(
    [
      [dx0, dBackY],
      [dx1, dBackY],
      [dx1 + 2, dBackY + 22],
      [dx0 - 2, dBackY + 22],
    ],
    lighten(duvet, 0.45)
  )
  s += rect(fx0 - 10, front + 14, fx1 - fx0 + 20, 12, darken(duvet, 0.12))
  // folded throw across the foot
  const ty = front - mTop + 14
  s += poly(
    [
      [project(bx0, ty + mTop) - 10, ty],
      [project(bx1, ty + mTop) + 10, ty],
      [fx1 + 12, ty + 30],
      [fx0 - 12, ty + 30],
    ],
    opts.throwColor ?? p.throw
  )
  return s
}

function nightstand(x, p, r, lampSide = 1) {
  const w = 92
  const h = 112
  const bottom = FY + 30
  let s = ellipse(x + w / 2, bottom, w / 2 + 8, 7, '#000', 'opacity="0.10"')
  s +=
    rrect(x, bottom - h, w, h - 8, 6, p.wood) +
    rect(x + 6, bottom - 8, 8, 8, darken(p.wood, 0.3)) +
    rect(x + w - 14, bottom - 8, 8, 8, darken(p.wood, 0.3))
  s +=
    line(x + 8, bottom - h / 2, x + w - 8, bottom - h / 2, darken(p.wood, 0.15), 2) +
    circle(x + w / 2, bottom - h * 0.75, 4, darken(p.wood, 0.35)) +
    circle(x + w / 2, bottom - h * 0.3, 4, darken(p.wood, 0.35))
  // lamp
  const lx = x + w / 2 + lampSide * 8
  const top = bottom - h
  s += ellipse(lx, top - 60, 80, 60, 'url(#warm)')
  s += pathEl(
    `M ${n(lx - 14)} ${n(top)} Q ${n(lx - 20)} ${n(top - 22)} ${n(lx)} ${n(top - 30)} Q ${n(lx + 20)} ${n(top - 22)} ${n(lx + 14)} ${n(top)} Z`,
    r.pick(['#e9dccb', '#6f8f7a', '#d9906b', '#f4f1ea'])
  )
  s += poly(
    [
      [lx - 30, top - 74],
      [lx + 30, top - 74],
      [lx + 40, top - 30],
      [lx - 40, top - 30],
    ],
    '#fdf3dc'
  )
  if (r.chance(0.6))
    s += rect(x + 8, top - 14, 34, 14, p.art[1]) + rect(x + 10, top - 24, 30, 10, p.art[0])
  return s
}

function desk(x, w, p, r, opts = {}) {
  const top = FY - 112
  const bottom = FY + 24
  const wood = opts.wood ?? p.wood
  let s = ellipse(x + w / 2, bottom, w / 2 + 10, 8, '#000', 'opacity="0.09"')
  // top and legs, with a drawer unit on one side
  s += rect(x, top, w, 16, wood, 'rx="3"') + rect(x, top + 12, w, 4, darken(wood, 0.15))
  s += rect(x + 8, top + 16, 12, bottom - top - 16, darken(wood, 0.2))
  const dw = 96
  s +=
    rect(x + w - dw - 8, top + 16, dw, bottom - top - 16, wood) +
    rect(x + w - dw - 8, top + 16, dw, 4, darken(wood, 0.1))
  for (let i = 0; i < 3; i++) {
    const y = top + 22 + i * 40
    s +=
      rect(x + w - dw - 2, y, dw - 12, 34, lighten(wood, 0.15), 'rx="3"') +
      rect(x + w - dw / 2 - 20, y + 14, 28, 5, darken(wood, 0.3), 'rx="2"')
  }
  // lamp, laptop and books side by side, the lamp at one end
  const dl = opts.lampLeft ? x + 30 : x + w - 34
  const lx = opts.lampLeft ? x + 140 : x + 86
  const bx = opts.lampLeft ? lx + 82 : lx + 90
  // laptop (seen from the front)
  s +=
    rect(lx - 64, top - 88, 128, 84, '#2e3238', 'rx="6"') +
    rect(lx - 58, top - 82, 116, 72, 'url(#screen)', 'rx="2"')
  s +=
    rect(lx - 48, top - 70, 60, 8, '#ffffff', 'opacity="0.55" rx="4"') +
    rect(lx - 48, top - 56, 88, 6, '#ffffff', 'opacity="0.35" rx="3"') +
    rect(lx - 48, top - 44, 74, 6, '#ffffff', 'opacity="0.35" rx="3"')
  s += rect(lx - 78, top - 6, 156, 7, '#c8ccd1', 'rx="3"')
  // desk lamp
  const dir = opts.lampLeft ? 1 : -1
  s += ellipse(dl + dir * 40, top - 30, 80, 55, 'url(#warm)')
  s += rect(dl - 18, top - 6, 36, 7, darken(p.art[2], 0.1), 'rx="3"')
  s +=
    line(dl, top - 4, dl - dir * 10, top - 70, darken(p.art[2], 0.1), 5, 'stroke-linecap="round"') +
    line(
      dl - dir * 10,
      top - 70,
      dl + dir * 30,
      top - 100,
      darken(p.art[2], 0.1),
      5,
      'stroke-linecap="round"'
    )
  s += `<g transform="rotate(${dir * 28} ${n(dl + dir * 34)} ${n(top - 96)})">${pathEl(`M ${n(dl + dir * 34 - 24)} ${n(top - 84)} L ${n(dl + dir * 34 - 12)} ${n(top - 108)} L ${n(dl + dir * 34 + 12)} ${n(top - 108)} L ${n(dl + dir * 34 + 24)} ${n(top - 84)} Z`, p.art[2])}</g>`
  // books and a mug
  const bc = [p.art[0], p.art[1], darken(p.accent, 0.1)]
  for (let i = 0; i < 3; i++)
    s += rect(bx - i * 3, top - 14 - i * 13, 70 - i * 6, 13, bc[i], 'rx="2"')
  const mugRoom = opts.lampLeft ? x + w - (bx + 70) : dl - 60 - (bx + 70)
  if (mugRoom >= 36)
    s +=
      rect(bx + 78, top - 30, 24, 30, '#f6f3ec', 'rx="4"') +
      pathEl(
        `M ${n(bx + 102)} ${n(top - 24)} q 12 4 0 16`,
        'none',
        'stroke="#f6f3ec" stroke-width="4"'
      )
  // chair in front
  if (opts.chair !== false) {
    const cx = x + w * 0.38
    const seatY = FY + 40
    const c = opts.chairColor ?? r.pick([p.throw, darken(p.accent, 0.15), '#3d434b', p.duvet])
    s += ellipse(cx, FY + 148, 80, 10, '#000', 'opacity="0.12"')
    s += rect(cx - 6, seatY + 20, 12, 80, '#5a5f66')
    s +=
      line(cx - 70, FY + 142, cx + 70, FY + 142, '#4a4f56', 8, 'stroke-linecap="round"') +
      line(cx, FY + 122, cx - 70, FY + 142, '#4a4f56', 8, 'stroke-linecap="round"') +
      line(cx, FY + 122, cx + 70, FY + 142, '#4a4f56', 8, 'stroke-linecap="round"')
    s +=
      circle(cx - 70, FY + 148, 7, '#33373c') +
      circle(cx + 70, FY + 148, 7, '#33373c') +
      circle(cx, FY + 146, 7, '#33373c')
    s += rrect(cx - 72, seatY, 144, 30, 12, darken(c, 0.1))
    s +=
      rrect(cx - 64, seatY - 150, 128, 150, 28, c) +
      rrect(cx - 50, seatY - 136, 100, 110, 22, lighten(c, 0.12))
  }
  return s
}

function shelf(x, w, y, p, r) {
  let s =
    rect(x, y, w, 12, p.wood === '#4a515b' ? '#4a515b' : darken(p.wood, 0.1), 'rx="2"') +
    rect(x + 4, y + 12, w - 8, 4, '#000', 'opacity="0.08"')
  let bx = x + 14
  const colors = [...p.art, darken(p.accent, 0.1), '#f0ece3', '#5b6770']
  while (bx < x + w * 0.62) {
    const bw = r.range(12, 20)
    const bh = r.range(44, 66)
    s += rect(bx, y - bh, bw, bh, r.pick(colors), 'rx="2"')
    bx += bw + 2
  }
  s += `<g transform="rotate(14 ${n(bx + 10)} ${n(y)})">${rect(bx + 2, y - 56, 16, 56, r.pick(colors), 'rx="2"')}</g>`
  s += plant(x + w - 40, y, 0.42, p, r, 'round')
  return s
}

function corkboard(x, y, w, h, p, r) {
  let s =
    rect(x + 4, y + 6, w, h, '#000', 'opacity="0.08"') +
    rect(x, y, w, h, darken(p.wood, 0.2), 'rx="4"') +
    rect(x + 8, y + 8, w - 16, h - 16, '#d7b98d')
  const notes = ['#fff3a8', '#ffd1dc', '#c9f0e1', '#cfe3ff', '#ffffff']
  for (let i = 0; i < 6; i++) {
    const nx = x + 18 + (i % 3) * ((w - 36) / 3) + r.range(-4, 6)
    const ny = y + 18 + Math.floor(i / 3) * ((h - 36) / 2) + r.range(-4, 6)
    const nw = (w - 36) / 3 - 10
    s += `<g transform="rotate(${n(r.range(-8, 8))} ${n(nx + nw / 2)} ${n(ny + 20)})">${rect(nx, ny, nw, (h - 36) / 2 - 10, r.pick(notes))}${circle(nx + nw / 2, ny + 6, 4, r.pick(['#d9534f', '#3c7dd9', '#2e9e6a']))}</g>`
  }
  return s
}

function wardrobe(x, w, topY, p, r) {
  const bottom = FY + 26
  const wood = p.wood
  let s = ellipse(x + w / 2, bottom, w / 2 + 10, 8, '#000', 'opacity="0.10"')
  s += rect(x - 6, topY - 14, w + 12, 16, darken(wood, 0.08), 'rx="3"')
  s += rect(x, topY, w, bottom - topY - 14, wood) + rect(x, bottom - 16, w, 16, darken(wood, 0.22))
  s += line(x + w / 2, topY + 6, x + w / 2, bottom - 20, darken(wood, 0.2), 3)
  s +=
    rect(x + w / 2 - 16, topY + (bottom - topY) * 0.45, 5, 44, darken(wood, 0.45), 'rx="2"') +
    rect(x + w / 2 + 11, topY + (bottom - topY) * 0.45, 5, 44, darken(wood, 0.45), 'rx="2"')
  if (r.chance(0.6)) {
    // a mirror on one door
    s += rect(
      x + w / 2 + 14,
      topY + 22,
      w / 2 - 30,
      (bottom - topY) * 0.62,
      'url(#mirror)',
      'rx="4"'
    )
    s += line(
      x + w / 2 + 30,
      topY + 120,
      x + w / 2 + 60,
      topY + 60,
      '#ffffff',
      6,
      'opacity="0.6" stroke-linecap="round"'
    )
  } else {
    s +=
      rect(x + 14, topY + 20, w / 2 - 30, (bottom - topY) * 0.7, lighten(wood, 0.1), 'rx="4"') +
      rect(
        x + w / 2 + 16,
        topY + 20,
        w / 2 - 30,
        (bottom - topY) * 0.7,
        lighten(wood, 0.1),
        'rx="4"'
      )
  }
  // baskets on top
  const bc = r.pick(['#d8c3a0', '#c9b8a0', p.rug])
  s +=
    rect(x + 14, topY - 62, 78, 48, bc, 'rx="6"') +
    line(x + 14, topY - 48, x + 92, topY - 48, darken(bc, 0.15), 3) +
    line(x + 14, topY - 34, x + 92, topY - 34, darken(bc, 0.15), 3)
  s += rect(x + 100, topY - 44, 60, 30, lighten(bc, 0.2), 'rx="5"')
  return s
}

function kitchenette(x, w, p, r) {
  const counter = FY - 118
  const bottom = FY + 24
  const cab = r.pick([lighten(p.accent, 0.2), p.wood, '#f4f2ee'])
  let s = ''
  // backsplash tiles
  s += rect(x, counter - 150, w, 150, '#f4f1ea')
  for (let i = 0; i <= w; i += 36) s += line(x + i, counter - 150, x + i, counter, '#dcd6ca', 2)
  for (let j = 0; j <= 150; j += 18)
    s += line(x, counter - 150 + j, x + w, counter - 150 + j, '#dcd6ca', 2)
  // upper cabinets
  s +=
    rect(x, counter - 300, w, 140, cab, 'rx="4"') + rect(x, counter - 166, w, 6, darken(cab, 0.15))
  const doors = Math.round(w / 110)
  for (let i = 0; i < doors; i++) {
    const dx = x + (w / doors) * i
    s +=
      rect(dx + 6, counter - 294, w / doors - 12, 124, lighten(cab, 0.12), 'rx="3"') +
      rect(dx + w / doors / 2 - 14, counter - 184, 28, 5, darken(cab, 0.45), 'rx="2"')
  }
  // base cabinets and counter
  s += ellipse(x + w / 2, bottom, w / 2 + 10, 8, '#000', 'opacity="0.10"')
  s +=
    rect(x, counter + 14, w, bottom - counter - 14, cab) +
    rect(x, bottom - 14, w, 14, darken(cab, 0.25))
  for (let i = 0; i < doors; i++) {
    const dx = x + (w / doors) * i
    s +=
      rect(
        dx + 6,
        counter + 22,
        w / doors - 12,
        bottom - counter - 46,
        lighten(cab, 0.1),
        'rx="3"'
      ) + rect(dx + w / doors / 2 - 14, counter + 34, 28, 5, darken(cab, 0.45), 'rx="2"')
  }
  s +=
    rect(x - 8, counter, w + 16, 16, '#e9e4da', 'rx="3"') +
    rect(x - 8, counter + 12, w + 16, 4, '#cfc8ba')
  // sink and tap
  const sx = x + w * 0.68
  s += rect(sx - 60, counter - 2, 120, 8, '#b8bec4', 'rx="3"')
  s += pathEl(
    `M ${n(sx + 20)} ${n(counter - 2)} L ${n(sx + 20)} ${n(counter - 56)} Q ${n(sx + 20)} ${n(counter - 72)} ${n(sx)} ${n(counter - 72)} L ${n(sx - 10)} ${n(counter - 72)}`,
    'none',
    'stroke="#9aa2aa" stroke-width="8" stroke-linecap="round"'
  )
  // kettle and a microwave
  const kx = x + w * 0.22
  s +=
    pathEl(
      `M ${n(kx - 26)} ${n(counter)} L ${n(kx - 20)} ${n(counter - 56)} L ${n(kx + 20)} ${n(counter - 56)} L ${n(kx + 26)} ${n(counter)} Z`,
      p.throw
    ) + rect(kx - 22, counter - 64, 44, 10, darken(p.throw, 0.2), 'rx="4"')
  s += pathEl(
    `M ${n(kx + 24)} ${n(counter - 48)} q 20 6 6 34`,
    'none',
    `stroke="${darken(p.throw, 0.2)}" stroke-width="6"`
  )
  // a plant on the counter end
  s += plant(x + w - 24, counter, 0.4, p, r, 'snake')
  // mugs hanging
  for (let i = 0; i < 3; i++)
    s += rect(x + 30 + i * 34, counter - 140, 22, 24, p.art[i % 3], 'rx="4"')
  s += line(x + 20, counter - 142, x + 130, counter - 142, '#9aa2aa', 3)
  return s
}

/** The four room layouts. Each returns the SVG body for 1280 × 853. */
const LAYOUTS = {
  // side-view bed in front on the left, wardrobe at the far right, desk between
  classic(p, r) {
    const winX = r.int(110, 170)
    let s = walls(p, r, { accent: r.chance(0.6) ? [0, 620] : null, wainscot: r.chance(0.3) })
    s += floor(p, r, r.chance(0.55) ? 'planks' : 'tiles')
    s += windowEl(winX, 130, 320, 270, p, r, { curtains: r.chance(0.6), blind: true })
    const acX = r.int(700, 740)
    s += acUnit(acX, 70)
    if (r.chance(0.6)) s += clock(acX + 270, 104, p)
    if (r.chance(0.5)) s += shelf(720, 300, 330, p, r)
    else s += corkboard(730, 250, 250, 170, p, r)
    s += wardrobe(1050, 220, 210, p, r)
    s += desk(700, 320, p, r)
    s += plant(640, FY + 40, 0.8, p, r, r.pick(['monstera', 'snake']))
    s += rug(560, 780, 330, 48, p, r, r.pick(['rect', 'round']))
    s += sideBed(40, 815, 430, p, r, 1.3)
    if (r.chance(0.5)) s += pendant(630, 80, p, r)
    return s
  },
  // head-on bed under a centred window between two night stands
  centred(p, r) {
    let s = walls(p, r, { accent: r.chance(0.5) ? [330, 950] : null, wainscot: r.chance(0.4) })
    s += floor(p, r, r.chance(0.5) ? 'planks' : 'tiles')
    s += windowEl(480, 110, 320, 250, p, r, {
      curtains: true,
      curtainColor: r.chance(0.5) ? lighten(p.duvet, 0.5) : undefined,
    })
    s += wardrobe(40, 230, 200, p, r)
    s += art(1010, 220, 190, 150, p, r, r.pick(['arch', 'shapes', 'dunes', 'botanical']))
    s += acUnit(990, 80)
    s += nightstand(360, p, r, 1)
    s += nightstand(828, p, r, -1)
    s += plant(310, FY + 40, 0.6, p, r, 'snake')
    s += desk(960, 290, p, r, { lampLeft: true })
    s += rug(640, 790, 300, 40, p, r, 'rect')
    s += frontBed(478, 324, 150, p, r)
    return s
  },
  // studio: kitchenette on the left, bed on the right
  studio(p, r) {
    let s = walls(p, r, { accent: r.chance(0.5) ? [700, W] : null })
    s += floor(p, r, r.chance(0.6) ? 'tiles' : 'planks')
    s += kitchenette(40, 430, p, r)
    s += windowEl(560, 130, 280, 250, p, r, {
      curtains: false,
      blind: true,
      sillPlant: r.chance(0.6),
    })
    s += wardrobe(1060, 200, 220, p, r)
    s += acUnit(890, 90, 150)
    s += art(900, 250, 130, 160, p, r, r.pick(['arch', 'botanical', 'dunes']))
    s += rug(760, 790, 300, 42, p, r, r.pick(['rect', 'round']))
    s += mirrorAt(936, sideBed(650, 815, 440, p, r, 1.3))
    // two stools at the counter
    for (const sx of [170, 330]) {
      s +=
        rect(sx - 4, FY - 40, 8, 150, '#5a5f66') +
        ellipse(sx, FY + 112, 34, 6, '#000', 'opacity="0.1"') +
        line(sx - 26, FY + 110, sx + 26, FY + 110, '#5a5f66', 6, 'stroke-linecap="round"')
      s += rrect(sx - 40, FY - 52, 80, 20, 10, p.throw)
    }
    if (r.chance(0.7)) s += pendant(720, 70, p, r)
    return s
  },
  // shared room: two head-on beds with a desk under the window between them
  shared(p, r) {
    let s = walls(p, r, { accent: r.chance(0.5) ? [420, 860] : null, wainscot: r.chance(0.5) })
    s += floor(p, r, r.chance(0.5) ? 'tiles' : 'planks')
    s += windowEl(480, 100, 320, 230, p, r, { curtains: false, blind: true })
    s += acUnit(120, 56, 200)
    s += art(185, 190, 150, 120, p, r, r.pick(['arch', 'shapes']))
    s += art(945, 190, 150, 120, p, r, r.pick(['dunes', 'botanical']))
    s += desk(490, 300, p, r, { chair: true })
    s += frontBed(130, 260, 150, p, r)
    s += frontBed(890, 260, 150, p, r, {
      duvet: p.throw,
      throwColor: p.duvet,
      pillow2: lighten(p.duvet, 0.4),
    })
    s += plant(420, FY + 50, 0.55, p, r, 'round')
    s += plant(860, FY + 50, 0.55, p, r, 'snake')
    return s
  },
}

function roomSvg(index, layout, paletteIndex, mirrored) {
  const r = rng(1000 + index * 7919)
  const p = PALETTES[paletteIndex % PALETTES.length]
  let body = LAYOUTS[layout](p, r)
  if (mirrored) body = mirrorAt(W / 2, body)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="none">${defs(p, r)}${body}</svg>`
}

/* ----------------------------------------------------------------------------------- */
/* avatars                                                                              */
/* ----------------------------------------------------------------------------------- */

const SKIN = ['#f1c9a5', '#e0ac80', '#c98e62', '#a86f48', '#f5d3b8', '#d9a27a']
const AVATARS = [
  { bg: '#cfe3dc', skin: 0, cover: 'hijab', color: '#3a5577', top: '#e9dccb', glasses: false },
  { bg: '#f3d9cf', skin: 2, cover: 'hijab', color: '#b8607a', top: '#2f3338', glasses: true },
  { bg: '#e3e0f0', skin: 1, cover: 'hijab', color: '#2f3338', top: '#8d7fb5', glasses: false },
  { bg: '#f6e6c8', skin: 3, cover: 'hijab', color: '#6f9a86', top: '#f7f1e8', glasses: false },
  { bg: '#d6e6f2', skin: 4, cover: 'hair', color: '#3b2a22', top: '#e98f72', glasses: false },
  { bg: '#e8e1d6', skin: 5, cover: 'hijab', color: '#d9a441', top: '#4f8a8b', glasses: true },
  { bg: '#f1dfe6', skin: 0, cover: 'hijab', color: '#e8e2d6', top: '#5d7f99', glasses: false },
  { bg: '#dcebd9', skin: 2, cover: 'hair', color: '#1f1a18', top: '#d9906b', glasses: false },
]

function avatarSvg(a) {
  const skin = SKIN[a.skin]
  const c = a.color
  let s = rect(0, 0, 160, 160, a.bg)
  s +=
    circle(130, 26, 40, lighten(a.bg, 0.35), 'opacity="0.6"') +
    circle(18, 140, 30, darken(a.bg, 0.05), 'opacity="0.5"')
  if (a.cover === 'hair') {
    s += pathEl('M 40 78 Q 38 30 80 28 Q 122 30 120 78 L 124 128 Q 80 140 36 128 Z', c)
  }
  // shoulders
  s += pathEl('M 14 170 Q 20 122 80 116 Q 140 122 146 170 Z', a.top)
  if (a.cover === 'hijab') {
    s += pathEl(
      'M 38 76 Q 36 24 80 22 Q 124 24 122 76 Q 124 108 112 124 Q 96 140 80 140 Q 64 140 48 124 Q 36 108 38 76 Z',
      c
    )
    s += pathEl('M 48 120 Q 80 150 112 120 L 122 150 Q 80 162 38 150 Z', darken(c, 0.08))
  } else {
    s += rect(70, 100, 20, 22, darken(skin, 0.08))
  }
  // face
  s += ellipse(80, 76, 27, 33, skin)
  if (a.cover === 'hijab') {
    s += pathEl('M 50 78 Q 48 38 80 36 Q 112 38 110 78 Q 106 56 80 52 Q 54 56 50 78 Z', c)
    s += pathEl(
      'M 54 68 Q 80 46 106 68',
      'none',
      `stroke="${darken(c, 0.15)}" stroke-width="2" opacity="0.5"`
    )
  } else {
    s += pathEl('M 52 74 Q 54 42 82 42 Q 106 44 110 70 Q 92 54 70 58 Q 58 62 52 74 Z', c)
  }
  // features
  s += ellipse(69, 78, 3.2, 4, '#2b2220') + ellipse(91, 78, 3.2, 4, '#2b2220')
  s += pathEl(
    'M 62 69 Q 69 65 75 68',
    'none',
    'stroke="#3b2a22" stroke-width="2" stroke-linecap="round"'
  )
  s += pathEl(
    'M 85 68 Q 91 65 98 69',
    'none',
    'stroke="#3b2a22" stroke-width="2" stroke-linecap="round"'
  )
  s += pathEl(
    'M 80 82 Q 78 90 82 91',
    'none',
    `stroke="${darken(skin, 0.25)}" stroke-width="2" stroke-linecap="round"`
  )
  s += pathEl(
    'M 70 98 Q 80 106 90 98',
    'none',
    'stroke="#b0594f" stroke-width="2.6" stroke-linecap="round"'
  )
  s +=
    circle(63, 91, 5, '#f08c8c', 'opacity="0.25"') + circle(97, 91, 5, '#f08c8c', 'opacity="0.25"')
  if (a.glasses) {
    s +=
      circle(69, 78, 9, 'none', 'stroke="#3a3a3a" stroke-width="2"') +
      circle(91, 78, 9, 'none', 'stroke="#3a3a3a" stroke-width="2"') +
      line(78, 78, 82, 78, '#3a3a3a', 2)
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">${s}</svg>`
}

/* ----------------------------------------------------------------------------------- */
/* main                                                                                 */
/* ----------------------------------------------------------------------------------- */

/** 18 rooms: 01–06 classic, 07–11 centred (head-on bed), 12–15 studio, 16–18 shared. */
const ROOMS = [
  ['classic', 0, false],
  ['classic', 2, true],
  ['classic', 4, false],
  ['classic', 7, true],
  ['classic', 9, false],
  ['classic', 10, true],
  ['centred', 1, false],
  ['centred', 3, false],
  ['centred', 6, true],
  ['centred', 8, false],
  ['centred', 11, true],
  ['studio', 5, false],
  ['studio', 9, true],
  ['studio', 2, false],
  ['studio', 8, true],
  ['shared', 6, false],
  ['shared', 0, true],
  ['shared', 7, false],
]

/** One line per image: `"room-01": { "width": 1280, "height": 853, "sizes": [640, 1280] }`. */
function formatManifest(manifest) {
  const lines = Object.entries(manifest).map(
    ([base, m]) =>
      `  ${JSON.stringify(base)}: { "width": ${m.width}, "height": ${m.height}, "sizes": [${m.sizes.join(', ')}] }`
  )
  return `{\n${lines.join(',\n')}\n}\n`
}

async function main() {
  const sharp = await loadSharp()
  await mkdir(OUT_DIR, { recursive: true })
  // remove earlier output (and the formats made from it) so no image lingers or goes stale
  for (const f of await readdir(OUT_DIR)) {
    if (/^(room|avatar)-\d+-\d+\.(jpg|svg|avif|webp)$/.test(f)) await rm(path.join(OUT_DIR, f))
  }
  const manifest = {}
  const write = async (svg, file, width, height) => {
    const sized = svg.replace(/width="\d+" height="\d+"/, `width="${width}" height="${height}"`)
    await sharp(Buffer.from(sized))
      .flatten({ background: '#ffffff' })
      .jpeg(JPEG)
      .toFile(path.join(OUT_DIR, file))
  }
  for (const [i, [layout, palette, mirrored]] of ROOMS.entries()) {
    const base = `room-${String(i + 1).padStart(2, '0')}`
    const svg = roomSvg(i + 1, layout, palette, mirrored)
    if (WRITE_SVG) await writeFile(path.join(OUT_DIR, `${base}-1280.svg`), svg)
    await write(svg, `${base}-1280.jpg`, W, H)
    await write(svg, `${base}-640.jpg`, SMALL_W, SMALL_H)
    manifest[base] = { width: W, height: H, sizes: [SMALL_W, W] }
  }
  for (const [i, a] of AVATARS.entries()) {
    const base = `avatar-${String(i + 1).padStart(2, '0')}`
    const svg = avatarSvg(a)
    if (WRITE_SVG) await writeFile(path.join(OUT_DIR, `${base}-160.svg`), svg)
    await write(svg, `${base}-160.jpg`, AVATAR, AVATAR)
    manifest[base] = { width: AVATAR, height: AVATAR, sizes: [AVATAR] }
  }
  await writeFile(path.join(OUT_DIR, 'manifest.json'), formatManifest(manifest))

  let total = 0
  let largest = 0
  for (const f of await readdir(OUT_DIR)) {
    if (!/\.(jpg|json)$/.test(f)) continue
    const { size } = await stat(path.join(OUT_DIR, f))
    total += size
    if (f.endsWith('-1280.jpg')) largest = Math.max(largest, size)
  }
  console.log(
    `generate_photos: ${ROOMS.length} rooms (640 + 1280), ${AVATARS.length} avatars, manifest.json -> ${path.relative(process.cwd(), OUT_DIR) || '.'}`
  )
  console.log(
    `generate_photos: total ${(total / 1024).toFixed(0)} KiB, largest 1280 image ${(largest / 1024).toFixed(1)} KiB`
  )
}

await main()
