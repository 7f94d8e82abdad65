/**
 * The public pages' structured data (JSON-LD) against schema.org's shapes: every
 * node is of a type listed here, carries only properties schema.org defines for that type, has
 * what search engines require of it (Google's rich results: a product's offer with its price
 * and currency, a breadcrumb's positions 1..n, each question its answer), and no empty value.
 * Read from the running product (`SAKAN_API_URL`, which `npm test` sets), home, listings and a
 * room in both languages.
 */
import { describe, expect, it } from 'vitest'

const origin = (
  process.env.SAKAN_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`
).replace(/\/+$/, '')

type Check = (value: unknown) => boolean

const text: Check = (value) => typeof value === 'string' && value.trim() !== ''
const absoluteUrl: Check = (value) => text(value) && /^https?:\/\/[^/]+\//.test(String(value))
const number: Check = (value) => typeof value === 'number' && Number.isFinite(value)
const positive: Check = (value) => number(value) && (value as number) > 0
const oneOf =
  (...allowed: unknown[]): Check =>
  (value) =>
    allowed.includes(value)
const listOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.length > 0 && value.every(check)
/** A node of one of these types (checked on its own by `problems`). */
const node =
  (...types: string[]): Check =>
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    types.includes(String((value as Record<string, unknown>)['@type']))
const either =
  (...checks: Check[]): Check =>
  (value) =>
    checks.some((check) => check(value))

interface Shape {
  /** Properties search engines require of the type. */
  required: Record<string, Check>
  /** Other properties schema.org defines for it that the pages may give. */
  optional?: Record<string, Check>
}

/* The types the pages use, with the properties schema.org defines for them (schema.org/<Type>). */
const SHAPES: Record<string, Shape> = {
  WebSite: { required: { name: text, url: absoluteUrl }, optional: { inLanguage: text } },
  Organization: {
    required: { name: text, url: absoluteUrl },
    optional: { logo: absoluteUrl, email: text, telephone: text },
  },
  FAQPage: {
    required: { mainEntity: listOf(node('Question')) },
    optional: { inLanguage: text },
  },
  Question: { required: { name: text, acceptedAnswer: node('Answer') } },
  Answer: { required: { text } },
  ItemList: {
    required: { itemListElement: listOf(node('ListItem')) },
    optional: { name: text, numberOfItems: number },
  },
  ListItem: {
    required: { position: positive },
    optional: { url: absoluteUrl, item: absoluteUrl, name: text },
  },
  BreadcrumbList: { required: { itemListElement: listOf(node('ListItem')) } },
  Product: {
    required: { name: text, offers: node('Offer') },
    optional: {
      '@id': absoluteUrl,
      description: text,
      sku: text,
      category: text,
      url: absoluteUrl,
      image: either(absoluteUrl, listOf(absoluteUrl)),
      brand: node('Brand'),
      additionalProperty: listOf(node('PropertyValue')),
    },
  },
  Brand: { required: { name: text } },
  PropertyValue: {
    required: { name: text, value: either(text, number) },
    optional: { unitCode: text },
  },
  Offer: {
    required: {
      price: number,
      priceCurrency: oneOf('SAR'),
      availability: oneOf('https://schema.org/InStock', 'https://schema.org/OutOfStock'),
    },
    optional: { url: absoluteUrl, priceSpecification: node('UnitPriceSpecification') },
  },
  UnitPriceSpecification: {
    required: { price: number, priceCurrency: oneOf('SAR') },
    optional: { unitCode: text, referenceQuantity: node('QuantitativeValue') },
  },
  QuantitativeValue: { required: { value: number }, optional: { unitCode: text } },
}

/** What is wrong with a node and everything under it, one line each (`where` names it). */
function problems(value: unknown, where: string, top = false): string[] {
  if (Array.isArray(value)) return value.flatMap((item, at) => problems(item, `${where}[${at}]`))
  if (typeof value !== 'object' || value === null) return []
  const record = value as Record<string, unknown>
  const type = String(record['@type'])
  const shape = SHAPES[type]
  if (!shape) return [`${where}: no shape for @type ${type}`]
  const found: string[] = []
  if (top && record['@context'] !== 'https://schema.org')
    found.push(`${where}: @context is ${String(record['@context'])}`)
  for (const [property, check] of Object.entries(shape.required))
    if (!check(record[property])) found.push(`${where} (${type}): ${property} is missing or wrong`)
  for (const [property, item] of Object.entries(record)) {
    if (property === '@type' || property === '@context') continue
    const check = shape.required[property] ?? shape.optional?.[property]
    if (!check) found.push(`${where} (${type}): schema.org gives ${type} no ${property}`)
    else if (!check(item)) found.push(`${where} (${type}): ${property} is ${JSON.stringify(item)}`)
    found.push(...problems(item, `${where}.${property}`))
  }
  if (type === 'BreadcrumbList' || type === 'ItemList') {
    const positions = (record.itemListElement as { position?: unknown }[]).map((i) => i.position)
    if (positions.some((position, at) => position !== at + 1))
      found.push(`${where} (${type}): positions are ${positions.join(', ')}, not 1..n`)
  }
  return found
}

/** The JSON-LD nodes of a page as the product serves it. */
async function structuredData(path: string): Promise<unknown[]> {
  const response = await fetch(`${origin}${path}`)
  expect(response.status, `GET ${path}`).toBe(200)
  const html = await response.text()
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json!) as unknown
  )
}

async function aRoom(): Promise<number> {
  const rooms = (await (await fetch(`${origin}/api/rooms?_start=0&_end=1`)).json()) as {
    id: number
  }[]
  return rooms[0]!.id
}

describe('structured data against schema.org’s shapes (issue 42)', () => {
  for (const lang of ['en', 'ar']) {
    it(`${lang}: home, listings and a room give valid nodes of the types they should`, async () => {
      const room = await aRoom()
      const expected: Record<string, string[]> = {
        [`/${lang}/`]: ['WebSite', 'Organization', 'FAQPage'],
        [`/${lang}/listings`]: ['ItemList'],
        [`/${lang}/property/${room}`]: ['Product', 'BreadcrumbList'],
      }
      for (const [path, types] of Object.entries(expected)) {
        const nodes = await structuredData(path)
        expect(
          nodes.map((item) => (item as { '@type': string })['@type']),
          path
        ).toEqual(types)
        expect(
          nodes.flatMap((item, at) => problems(item, `${path} #${at}`, true)),
          path
        ).toEqual([])
      }
      /* Every word in the page's language, the room's category too. */
      const [product] = (await structuredData(`/${lang}/property/${room}`)) as {
        category: string
      }[]
      expect(product!.category).toBe(lang === 'ar' ? 'تأجير غرف' : 'Room rental')
    })
  }

  it('finds what is wrong: an unknown type or property, a missing price, breadcrumbs out of order', () => {
    const offerless = { '@context': 'https://schema.org', '@type': 'Product', name: 'A room' }
    expect(problems(offerless, 'p', true)).toEqual(['p (Product): offers is missing or wrong'])
    expect(problems({ '@type': 'Place', name: 'x' }, 'q')).toEqual(['q: no shape for @type Place'])
    expect(problems({ '@type': 'Brand', name: 'Sakan', colour: 'red' }, 'b')).toEqual([
      'b (Brand): schema.org gives Brand no colour',
    ])
    const crumbs = {
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 2, name: 'Rooms', item: 'https://sakan.sa/en/listings' },
      ],
    }
    expect(problems(crumbs, 'c')).toEqual(['c (BreadcrumbList): positions are 2, not 1..n'])
  })
})
