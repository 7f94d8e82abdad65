/** Both languages say everything, and every key the site uses exists. */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import arCommon from '@sakan/common/locales/ar/common.json'
import arSite from '@sakan/common/locales/ar/site.json'
import enCommon from '@sakan/common/locales/en/common.json'
import enSite from '@sakan/common/locales/en/site.json'

const PLURAL = /_(zero|one|two|few|many|other)$/

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return [
      `${prefix}[${value.length}]`,
      ...value.flatMap((item, i) => keys(item, `${prefix}[${i}]`)),
    ]
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) =>
      keys(child, prefix ? `${prefix}.${key}` : key)
    )
  return [prefix]
}

/** Keys without plural suffixes: Arabic has six plural forms, English two. */
const base = (list: string[]) => [...new Set(list.map((key) => key.replace(PLURAL, '')))].sort()

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.(astro|tsx?)$/.test(name) ? [path] : []
  })
}

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree)
}

describe('translations', () => {
  it('have the same keys in English and Arabic', () => {
    expect(base(keys(arSite))).toEqual(base(keys(enSite)))
    expect(base(keys(arCommon))).toEqual(base(keys(enCommon)))
  })

  it('give Arabic every plural form English has, plus its own', () => {
    for (const key of keys(enSite).filter((k) => k.endsWith('_other'))) {
      const stem = key.replace(PLURAL, '')
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other'])
        expect(lookup(arSite, `${stem}_${form}`), `${stem}_${form}`).toBeTypeOf('string')
    }
  })

  it('have no empty texts', () => {
    for (const tree of [enSite, arSite, enCommon, arCommon])
      for (const key of keys(tree)) {
        const value = lookup(tree, key.replace(/\[(\d+)\]/g, '.$1'))
        if (typeof value === 'string') expect(value.trim(), key).not.toBe('')
      }
  })

  it('contain every literal key the site asks for', () => {
    const root = fileURLToPath(new URL('../src', import.meta.url))
    const missing: string[] = []
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.:-]+)'/g)) {
        const raw = match[1]!
        const [ns, key] = raw.includes(':') ? (raw.split(':') as [string, string]) : ['site', raw]
        for (const [lang, tree] of [
          ['en', ns === 'common' ? enCommon : enSite],
          ['ar', ns === 'common' ? arCommon : arSite],
        ] as const) {
          const found = lookup(tree, key) ?? lookup(tree, `${key}_other`)
          if (found === undefined) missing.push(`${lang} ${raw} (${file.slice(root.length)})`)
        }
      }
    }
    expect(missing).toEqual([])
  })
})
