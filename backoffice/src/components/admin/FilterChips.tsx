/** The status filter above a management list: toggle buttons, one pressed at a time. */
interface FilterChipsProps<F extends string> {
  label: string
  filters: readonly F[]
  value: F
  onChange: (value: F) => void
  labelOf: (value: F) => string
}

export function FilterChips<F extends string>({
  label,
  filters,
  value,
  onChange,
  labelOf,
}: FilterChipsProps<F>) {
  return (
    <div className="filter-chips" role="group" aria-label={label}>
      {filters.map((filter) => (
        <button
          key={filter}
          type="button"
          className="filter-chip"
          aria-pressed={value === filter}
          data-filter={filter}
          onClick={() => onChange(filter)}
        >
          {labelOf(filter)}
        </button>
      ))}
    </div>
  )
}
