/**
 * The decision on an application: the reject and approve buttons of its detail (the
 * dashboard's dialog and its page), and the confirmations before a decision — approve or
 * reject, with who and which room, and delete, with its warning.
 */
import { Button } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { buildingNameOf, roomNumberOf, type Application } from '../../lib/applications'
import { isolate } from '../../lib/format'
import { useTexts } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { ConfirmDialog } from '../feedback/ConfirmDialog'
import type { ApplicantFallbacks } from './applicant'
import type { Decision } from './use-application-actions'

/** How each action on an application looks: its colour, variant, icon and words. */
const ACTIONS = {
  view: { color: undefined, icon: icons.eye, variant: 'default' },
  approve: { color: 'var(--color-success)', icon: icons.check, variant: undefined },
  reject: { color: 'var(--color-danger)', icon: icons.close, variant: 'outline' },
  delete: { color: 'var(--color-danger)', icon: icons.trash, variant: 'subtle' },
} as const

/** A button for one action on an application; `children` add to its words (whose it is). */
export function ApplicationActionButton({
  action,
  size,
  testId,
  onClick,
  children,
}: {
  action: keyof typeof ACTIONS
  size?: 'xs'
  testId: string
  onClick: () => void
  children?: ReactNode
}) {
  const { t } = useTranslation('admin')
  const { color, icon, variant } = ACTIONS[action]
  return (
    <Button
      size={size}
      variant={variant}
      color={color}
      leftSection={<Icon icon={icon} />}
      onClick={onClick}
      data-testid={testId}
    >
      {t(`applications.actions.${action}`)}
      {children}
    </Button>
  )
}

const DECISIONS = { approve: 'approved', reject: 'rejected' } as const

/**
 * The decisions on a pending application: approve, then reject, on a row of the list (small,
 * `children` saying whose it is); reject, then approve, in its detail's footer.
 */
export function DecisionButtons({
  place,
  onDecide,
  children,
}: {
  place: 'row' | 'detail'
  onDecide: (status: Decision) => void
  children?: ReactNode
}) {
  const actions =
    place === 'row' ? (['approve', 'reject'] as const) : (['reject', 'approve'] as const)
  return (
    <>
      {actions.map((action) => (
        <ApplicationActionButton
          key={action}
          action={action}
          size={place === 'row' ? 'xs' : undefined}
          testId={`${place}-${action}`}
          onClick={() => onDecide(DECISIONS[action])}
        >
          {children}
        </ApplicationActionButton>
      ))}
    </>
  )
}

export interface StackedDialog {
  opened: boolean
  onClose: () => void
  stackId?: string
}

/** Each confirmed action's words while its call runs (`applications.confirm.<…>`). */
const RUNNING = { approve: 'approving', reject: 'rejecting', delete: 'deleting' } as const

/**
 * The confirmation before an action on an application: its title, buttons, icon and tone all
 * follow the action (`applications.confirm.<action>…`); `children` say what it will do.
 */
function ActionConfirmDialog({
  action,
  pending,
  onConfirm,
  testId,
  children,
  ...dialog
}: StackedDialog & {
  action: keyof typeof RUNNING
  pending: boolean
  onConfirm: () => void
  testId: string
  children: ReactNode
}) {
  const { t } = useTranslation('admin')
  return (
    <ConfirmDialog
      {...dialog}
      title={t(`applications.confirm.${action}Title`)}
      cancelLabel={t('applications.confirm.cancel')}
      confirmLabel={t(`applications.confirm.${action}`)}
      pendingLabel={t(`applications.confirm.${RUNNING[action]}`)}
      tone={action === 'approve' ? 'success' : 'danger'}
      confirmIcon={<Icon icon={ACTIONS[action].icon} />}
      pending={pending}
      onConfirm={onConfirm}
      testId={testId}
    >
      {children}
    </ConfirmDialog>
  )
}

interface DecisionDialogProps {
  dialog: StackedDialog
  decision: { application: Application; status: Decision } | null
  name: string
  fallbacks: ApplicantFallbacks
  pending: boolean
  onConfirm: () => void
}

export function DecisionDialog({
  dialog,
  decision,
  name,
  fallbacks,
  pending,
  onConfirm,
}: DecisionDialogProps) {
  const { t, lang } = useTexts('admin')
  const application = decision?.application
  const action = decision?.status === 'rejected' ? 'reject' : 'approve'
  const values = application
    ? {
        name: isolate(name),
        room: isolate(roomNumberOf(application.room, fallbacks)),
        building: isolate(buildingNameOf(application.room?.building, lang, fallbacks)),
      }
    : {}
  return (
    <ActionConfirmDialog
      {...dialog}
      action={action}
      pending={pending}
      onConfirm={onConfirm}
      testId="decision-dialog"
    >
      <p>{t(`applications.confirm.${action}Text`, values)}</p>
    </ActionConfirmDialog>
  )
}

interface DeleteDialogProps {
  dialog: StackedDialog
  pending: boolean
  onConfirm: () => void
}

export function DeleteDialog({ dialog, pending, onConfirm }: DeleteDialogProps) {
  const { t } = useTranslation('admin')
  return (
    <ActionConfirmDialog
      {...dialog}
      action="delete"
      pending={pending}
      onConfirm={onConfirm}
      testId="delete-dialog"
    >
      <p className="confirm-warning">
        <Icon icon={icons.alert} />
        <span>{t('applications.confirm.deleteText')}</span>
      </p>
    </ActionConfirmDialog>
  )
}
