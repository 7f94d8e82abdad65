/**
 * SQL functions every SQLite connection of the API registers (config/database.ts); a bare
 * replay of the API's SQL (SAKAN_SQL_TRACE) must register them too.
 *
 * `js_number(x)`: a number's text exactly as JavaScript writes it. SQLite's own conversions
 * stop at 18 significant digits and round twice, so a double that needs 17 digits can come
 * out one unit off in the last one (46.745304161356764 for JavaScript's 46.74530416135676);
 * coordinates are such doubles. sql_json.ts uses it for floats, which JSON must show as the
 * API always did.
 */
export function registerSqliteFunctions(connection: {
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): void
}) {
  connection.function('js_number', { deterministic: true }, (value) =>
    value === null || value === undefined ? null : String(Number(value))
  )
}
