/**
 * A record's facts as a description list — the detail pages, the application's detail and the
 * resident's cards: a label and its value each; an entry given as `false` or `null` (a fact
 * the record does not have) is left out.
 */
import type { ComponentPropsWithoutRef, ReactNode } from 'react'

export interface Fact {
  label: string
  value: ReactNode
  /** Spans the row (a long value: an e-mail address, a phone number). */
  wide?: boolean
  /** On the value's element (`dir`, a class, a test id). */
  valueProps?: ComponentPropsWithoutRef<'dd'> & { 'data-testid'?: string }
}

export function Facts({
  facts,
  className = 'facts',
}: {
  facts: (Fact | false | null | undefined)[]
  className?: string
}) {
  return (
    <dl className={className}>
      {facts.map(
        (fact) =>
          fact && (
            <div key={fact.label} className={fact.wide ? 'fact-wide' : undefined}>
              <dt>{fact.label}</dt>
              <dd {...fact.valueProps}>{fact.value}</dd>
            </div>
          )
      )}
    </dl>
  )
}
