/** A friendly "nothing here yet" block: icon, title, text and an optional action. */
import type { ReactNode } from 'react'
import { Icon, type IconDrawing } from '@sakan/common/ui/Icon'

interface EmptyStateProps {
  icon: IconDrawing
  title: string
  text?: string
  /** Small print under the text (a detail for support, not for her to read first). */
  note?: ReactNode
  action?: ReactNode
  tone?: 'neutral' | 'error'
  /** The title's heading level where the state is the page's main content. */
  heading?: 'h1' | 'h2' | 'h3'
}

export function EmptyState({
  icon,
  title,
  text,
  note,
  action,
  tone = 'neutral',
  heading: Heading = 'h3',
}: EmptyStateProps) {
  return (
    <div className="empty-state" data-tone={tone}>
      <span className="empty-icon" aria-hidden="true">
        <Icon icon={icon} />
      </span>
      <Heading className="empty-title">{title}</Heading>
      {text && <p className="empty-text">{text}</p>}
      {note && <p className="empty-note">{note}</p>}
      {action && <div className="empty-action">{action}</div>}
    </div>
  )
}
