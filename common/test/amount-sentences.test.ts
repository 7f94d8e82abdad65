/**
 * An amount in Arabic ends with the currency's abbreviation, which ends with its own full stop
 * ("٤٬١٣٢٫٥٠ ر.س."): no Arabic text may put a full stop right after an amount (that would
 * read "ر.س.. شكرًا لكِ!"), whatever the amount — the sentence goes on after it instead.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { formatSar } from '../src/format.js'

const AR = new URL('../locales/ar/', import.meta.url)

/** The placeholders the code fills with `formatSar` (a bare `{{amount}}`, not `{{total, number}}`). */
const AMOUNTS = /\{\{\s*(amount|fee|total|price|max|min|gross|discount)\s*\}\}/g

function texts(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]]
  if (typeof node !== 'object' || node === null) return []
  return Object.entries(node).flatMap(([key, value]) =>
    texts(value, prefix ? `${prefix}.${key}` : key)
  )
}

describe('Arabic sentences with an amount', () => {
  const files = readdirSync(AR).filter((name) => name.endsWith('.json'))

  it('knows the Arabic amount ends with a full stop (what the rule guards against)', () => {
    assert.match(formatSar(4132.5, 'ar'), /\.[\u200e\u200f\u061c]*$/)
  })

  for (const file of files) {
    it(`${file}: no full stop right after an amount`, () => {
      const all = texts(JSON.parse(readFileSync(new URL(file, AR), 'utf8')))
      for (const [key, text] of all) {
        for (const match of text.matchAll(AMOUNTS)) {
          const after = text.slice(match.index + match[0].length)
          const written = text.replace(AMOUNTS, formatSar(4132.5, 'ar'))
          assert.doesNotMatch(after, /^\s*\./, `${file} ${key}: ${written}`)
        }
      }
    })
  }
})
