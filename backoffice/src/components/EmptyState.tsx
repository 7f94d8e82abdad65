/**
 * A friendly "nothing here yet" block: icon, title, text and an optional action; as a card of
 * its own (EmptyCard) where it stands in for a page's or a section's content.
 */
import type { ReactNode } from 'react'
import { Icon, icons, type IconDrawing } from '@sakan/common/ui/Icon'

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

type EmptyCardProps = EmptyStateProps & { testId?: string }

/** The empty state as a card of its own. */
export function EmptyCard({ testId, ...state }: EmptyCardProps) {
  return (
    <div className="card panel-card" data-testid={testId}>
      <EmptyState {...state} />
    </div>
  )
}

/** What could not be read, in place of the content: the error's tone and the alert icon. */
export function ErrorCard(props: Omit<EmptyCardProps, 'tone' | 'icon'>) {
  return <EmptyCard {...props} tone="error" icon={icons.alert} />
}
