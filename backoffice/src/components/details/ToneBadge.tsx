/**
 * A value shown as a badge (a status, a priority, availability): its colour from its tone
 * (`data-tone`, see lib/status.ts), the value itself in `data-value` for styles and tests.
 */
import { Badge } from '@mantine/core'
import type { ReactNode } from 'react'

export function ToneBadge({
  tone,
  value,
  children,
  testId,
}: {
  tone: string | undefined
  value: string
  children: ReactNode
  testId?: string
}) {
  return (
    <Badge data-tone={tone} data-value={value} data-testid={testId}>
      {children}
    </Badge>
  )
}
