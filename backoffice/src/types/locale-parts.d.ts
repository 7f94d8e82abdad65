/** A part of a translation file (vite.config.ts, `accountTextParts`). */
declare module '*.json?part=start' {
  const texts: Record<string, unknown>
  export default texts
}
declare module '*.json?part=data' {
  const texts: Record<string, unknown>
  export default texts
}
