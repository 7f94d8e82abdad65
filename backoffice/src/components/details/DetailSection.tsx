/** A titled part of a record's detail (the applicant, the room, the document, the history). */
import type { ReactNode } from 'react'
import { TitledSection } from '../TitledSection'

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
    <TitledSection
      id={id}
      title={title}
      level="h3"
      className="detail-section"
      titleClassName="detail-heading"
    >
      {children}
    </TitledSection>
  )
}
