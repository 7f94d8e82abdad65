/** A titled part of a record's detail (the applicant, the room, the document, the history). */
import type { ReactNode } from 'react'

export function DetailSection({
  id,
  title,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section className="detail-section" aria-labelledby={id}>
      <h3 id={id} className="detail-heading">
        {title}
      </h3>
      {children}
    </section>
  )
}
