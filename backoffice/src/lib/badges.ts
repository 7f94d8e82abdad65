/** A row shows at most `max` badges and says how many more there are. */
export function limitBadges<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  const limit = Math.max(0, Math.floor(max))
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) }
}
