/**
 * The card of a back-office record's page (an application, a payment, a maintenance request):
 * busy while the record loads, its content once it is there.
 */
import type { ReactNode } from 'react'

export function RecordSection({
  loading,
  testId,
  className,
  children,
}: {
  loading: boolean
  testId: string
  /** More classes beside `card office-form`. */
  className?: string
  children: ReactNode
}) {
  return (
    <section
      className={className ? `card ${className} office-form` : 'card office-form'}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      {children}
    </section>
  )
}
