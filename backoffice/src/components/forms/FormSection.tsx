/** A card under a record's form with its own heading, which names the section for assistive technology. */
import type { ReactNode } from 'react'
import { TitledSection } from '../TitledSection'

interface FormSectionProps {
  /** The heading's id. */
  id: string
  title: string
  testId: string
  children: ReactNode
}

export function FormSection({ id, title, testId, children }: FormSectionProps) {
  return (
    <TitledSection id={id} title={title} className="card office-form" testId={testId}>
      {children}
    </TitledSection>
  )
}
