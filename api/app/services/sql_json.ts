import db from '@adonisjs/lucid/services/db'
import type { Locale } from '@sakan/common'

/**
 * JSON built by the database, byte for byte what `JSON.stringify` makes of the serialisers'
 * objects, for the hot reads: one statement per page, each row's `json` column
 * the element's final text, sent without parsing.
 *
 * Each method returns an SQL expression (for our own column names only, never input). Values
 * go through the method of their kind, so the dialects' differences live here once:
 * - SQLite's `json_object`/`json_group_array` already write compact JSON, but `1500.0` for
 *   an integral real, `1`/`0` for booleans, and some 17-digit doubles off by one; a nested
 *   document read back from a subquery loses its JSON subtype, so `embed` re-marks it.
 * - PostgreSQL's `json_build_object`/`json_agg` write `{"a" : 1}` and `[1, 2]` (spaces), so
 *   objects and arrays are concatenated text here, each value already JSON text (`to_json` for
 *   the string escapes, `'null'` for NULL), numerics trimmed of their scale.
 */
export interface JsonSql {
  /** A text column or expression as a JSON string; NULL is null. */
  text(expr: string): string
  /** An integer column. */
  integer(expr: string): string
  /** A double (coordinates): shortest round-trip, `24` not `24.0`. */
  float(expr: string): string
  /** A fixed-point column (`decimal`): `12`, `12.5`. */
  decimal(expr: string): string
  /** Integer halalas shown in SAR as `fromHalalas` does: `1500`, `1499.5`. */
  money(halalas: string): string
  boolean(expr: string): string
  /** A stored instant as `instant()` writes it: ISO 8601 UTC with milliseconds; NULL is null. */
  instant(expr: string): string
  /** A stored calendar date, `yyyy-MM-dd`. */
  date(expr: string): string
  /** A constant string. */
  constant(value: string): string
  /** An object with these keys in this order; values are expressions made by this helper. */
  object(fields: Array<[string, string]>): string
  /** The aggregate of one element per row (`SELECT <this> FROM … WHERE …`); `[]` for none. */
  array(element: string, orderBy: string): string
  /** An array of these values, in this order; each an expression made by this helper. */
  list(elements: string[]): string
  /** The JSON a scalar subquery returned, as a value of an enclosing object or array. */
  embed(subquery: string): string
}

/** A string as an SQL literal. */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

const sqlite: JsonSql = {
  text: (expr) => expr,
  integer: (expr) => expr,
  /* SQLite writes some 17-digit doubles one unit off, and `24.0` for 24: JavaScript's text,
     from the connection's js_number() (services/sqlite_connection.ts). */
  float: (expr) => `json(js_number(${expr}))`,
  /* One decimal place: exact in SQLite's own text, but an integral value shows as `12.0`. */
  decimal: (expr) =>
    `(CASE WHEN ${expr} = CAST(${expr} AS INTEGER) THEN CAST(${expr} AS INTEGER) ELSE ${expr} END)`,
  money: (halalas) =>
    `(CASE WHEN ${halalas} % 100 = 0 THEN ${halalas} / 100 ELSE ${halalas} / 100.0 END)`,
  boolean: (expr) => `json(CASE WHEN ${expr} THEN 'true' ELSE 'false' END)`,
  instant: (expr) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${expr})`,
  date: (expr) => `strftime('%Y-%m-%d', ${expr})`,
  constant: (value) => literal(value),
  object: (fields) =>
    `json_object(${fields.map(([key, value]) => `${literal(key)}, ${value}`).join(', ')})`,
  array: (element, orderBy) => `json_group_array(${element} ORDER BY ${orderBy})`,
  list: (elements) => `json_array(${elements.join(', ')})`,
  embed: (subquery) => `json((${subquery}))`,
}

const postgres: JsonSql = {
  text: (expr) => `COALESCE(to_json((${expr})::text)::text, 'null')`,
  integer: (expr) => `COALESCE((${expr})::text, 'null')`,
  /* float8's text is the shortest round-trip form (extra_float_digits ≥ 1, the default). */
  float: (expr) => `COALESCE((${expr})::float8::text, 'null')`,
  decimal: (expr) => `COALESCE(trim_scale(${expr})::text, 'null')`,
  money: (halalas) => `trim_scale((${halalas})::numeric / 100)::text`,
  boolean: (expr) => `(CASE WHEN ${expr} THEN 'true' ELSE 'false' END)`,
  instant: (expr) =>
    `COALESCE('"' || to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`,
  date: (expr) => `COALESCE('"' || to_char(${expr}, 'YYYY-MM-DD') || '"', 'null')`,
  constant: (value) => literal(JSON.stringify(value)),
  object: (fields) =>
    `('{' || ${fields
      .map(
        ([key, value], index) =>
          `${literal(`${index ? ',' : ''}${JSON.stringify(key)}:`)} || ${value}`
      )
      .join(' || ')} || '}')`,
  array: (element, orderBy) =>
    `('[' || COALESCE(string_agg(${element}, ',' ORDER BY ${orderBy}), '') || ']')`,
  list: (elements) => `('[' || ${elements.length ? elements.join(` || ',' || `) : "''"} || ']')`,
  embed: (subquery) => `(${subquery})`,
}

/** The helper for the default connection's database. */
export function jsonSql(): JsonSql {
  return db.connection().dialect.name === 'postgres' ? postgres : sqlite
}

/* Each read's JSON expression per dialect and language, built once. */
const builtJson = new Map<string, string>()

/**
 * The JSON expression of the read `name` in `locale`, for the default connection's database:
 * `build` runs once per name, dialect and language, and its SQL is kept.
 */
export function cachedJson(
  name: string,
  locale: Locale,
  build: (json: JsonSql, locale: Locale) => string
): string {
  const key = `${name}:${db.connection().dialect.name}:${locale}`
  let sql = builtJson.get(key)
  if (sql === undefined) builtJson.set(key, (sql = build(jsonSql(), locale)))
  return sql
}

/**
 * A text in both languages as `bilingual()` shapes it (transformers/helpers.ts): the caller's
 * language, falling back to the other, then each language.
 */
export function bilingualFields(
  json: JsonSql,
  key: string,
  en: string,
  ar: string,
  locale: Locale
): Array<[string, string]> {
  const [first, second] = locale === 'ar' ? [ar, en] : [en, ar]
  return [
    [key, json.text(`COALESCE(${first}, ${second})`)],
    [`${key}_en`, json.text(en)],
    [`${key}_ar`, json.text(ar)],
  ]
}

/**
 * The rows of `from` (a table and its alias, then what ties them to the enclosing row) as an
 * array of `element` in `orderBy` order, embedded as a value: a record's photos, its history.
 */
export function childRows(json: JsonSql, from: string, element: string, orderBy: string): string {
  return json.embed(`SELECT ${json.array(element, orderBy)} FROM ${from}`)
}

/** The texts of `column` in the rows of `from`, sorted: a record's amenities, features, months. */
export function childValues(json: JsonSql, from: string, column: string): string {
  return childRows(json, from, json.text(column), column)
}

/** The rows' `json` texts as one JSON array. */
export function jsonArrayOf(rows: Array<{ json: string }>): string {
  return `[${rows.map((row) => row.json).join(',')}]`
}

/**
 * The same array as `jsonArrayOf`, in the UTF-8 bytes that go to the socket, written straight
 * from the rows' texts. A page of rooms in Arabic is about 100 kB of UTF-16 text:
 * joined as a string, it would be copied once more on the heap (flattened) and once more to
 * UTF-8 when written, and under load those copies keep the young generation full.
 */
export function jsonArrayBytes(rows: Array<{ json: string }>): Buffer {
  let length = rows.length > 0 ? rows.length + 1 : 2
  for (const row of rows) length += Buffer.byteLength(row.json)
  const bytes = Buffer.allocUnsafe(length)
  let at = bytes.write('[')
  rows.forEach((row, index) => {
    if (index > 0) at += bytes.write(',', at)
    at += bytes.write(row.json, at)
  })
  bytes.write(']', at)
  return bytes
}
