/**
 * One row of a `/admin` tab's compact list (applications, rooms): its name and badges, a line
 * of facts each behind its icon, anything more under them, and its actions.
 */
import type { ReactNode } from 'react'
import { Icon, type IconDrawing } from '@sakan/common/ui/Icon'

interface AdminRowProps {
  testId: string
  /** Its `data-*` attributes: the record's id and state, for styles and tests. */
  attributes: Record<`data-${string}`, string | number | boolean>
  name: ReactNode
  badges: ReactNode
  facts: { icon: IconDrawing; text: ReactNode; className?: string }[]
  children?: ReactNode
  actions: ReactNode
}

export function AdminRow({
  testId,
  attributes,
  name,
  badges,
  facts,
  children,
  actions,
}: AdminRowProps) {
  return (
    <li className="admin-row" data-testid={testId} {...attributes}>
      <div className="admin-row-main">
        <p className="admin-row-title">
          <span className="admin-row-name">{name}</span>
          {badges}
        </p>
        <p className="admin-row-meta">
          {facts.map(({ icon, text, className }, index) => (
            <span key={index} className={className}>
              <Icon icon={icon} />
              {text}
            </span>
          ))}
        </p>
        {children}
      </div>
      <div className="admin-row-actions">{actions}</div>
    </li>
  )
}
