/**
 * A part of a page named by its heading (`aria-labelledby`), so that assistive technology
 * lists it by that name: a card, a form's section, a part of a record's detail.
 */
import type { ReactNode } from 'react'

export function TitledSection({
  id,
  title,
  level = 'h2',
  className,
  titleClassName = 'card-title',
  busy,
  testId,
  children,
}: {
  /** The heading's id. */
  id: string
  title: ReactNode
  level?: 'h2' | 'h3'
  className?: string
  titleClassName?: string
  /** Its content is loading. */
  busy?: boolean
  testId?: string
  children: ReactNode
}) {
  const Heading = level
  return (
    <section
      className={className}
      aria-labelledby={id}
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  )
}
