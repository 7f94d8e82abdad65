/* Small statistics the benchmark reports: medians of runs and percentiles of latencies. */

/** The median of a list of numbers (the mean of the middle two for an even count); NaN when empty. */
export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The p-th percentile (0–100) by the nearest-rank method: the smallest value at or below
 * which p % of the values lie. NaN when empty.
 */
export function percentile(values, p) {
  if (values.length === 0) return NaN
  const sorted = Float64Array.from(values).sort()
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}
