/** A status as a coloured pill with a dot; the colour comes from the tone (lib/status.ts). */
import type { ReactNode } from 'react'
import type { Tone } from '../../lib/status'

interface StatusBadgeProps {
  tone: Tone | 'green' | 'yellow' | 'orange' | 'red'
  children: ReactNode
  'data-testid'?: string
  /** The raw value, for tests and styles. */
  value?: string
}

export function StatusBadge({ tone, children, value, ...rest }: StatusBadgeProps) {
  return (
    <span
      className="badge status-badge"
      data-tone={tone}
      data-value={value}
      data-testid={rest['data-testid']}
    >
      <span className="status-dot" aria-hidden="true" />
      {children}
    </span>
  )
}
