/** A card under a record's form with its own heading, which names the section for assistive technology. */
import type { ReactNode } from 'react'

interface FormSectionProps {
  /** The heading's id. */
  id: string
  title: string
  testId: string
  children: ReactNode
}

export function FormSection({ id, title, testId, children }: FormSectionProps) {
  return (
    <section className="card office-form" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  )
}
