/**
 * A confirmation before a decision: what will happen, Cancel, and a confirm
 * button that shows a loading label while the call runs. It cannot be dismissed meanwhile.
 * With `form`, what it asks is a form's fields, and Enter in a field confirms too.
 * Used by the back office and the user menu, so it brings its own styles.
 */
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Overlay.css'
import './dialog.css'
import { Button, Modal } from '@mantine/core'
import type { ReactNode } from 'react'
import { PendingButton } from '../auth/PendingButton'
import { useFocusGivenBack } from './use-focus-given-back'
import { useFocusKeptIn } from './use-focus-kept-in'
import { useOpenerRefocused } from './use-opener-refocused'

interface ConfirmDialogProps {
  opened: boolean
  onClose: () => void
  stackId?: string
  title: string
  children: ReactNode
  cancelLabel: string
  confirmLabel: string
  pendingLabel: string
  pending: boolean
  tone: 'success' | 'danger'
  onConfirm: () => void
  confirmIcon?: ReactNode
  testId?: string
  /** The content is a form's fields: confirming submits it (`onConfirm`). */
  form?: boolean
}

export function ConfirmDialog({
  opened,
  onClose,
  stackId,
  title,
  children,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  pending,
  tone,
  onConfirm,
  confirmIcon,
  testId,
  form = false,
}: ConfirmDialogProps) {
  const close = () => {
    if (!pending) onClose()
  }
  const inside = useFocusKeptIn<HTMLDivElement>(opened)
  useOpenerRefocused(opened, Boolean(stackId))
  const giveFocusBack = useFocusGivenBack(opened, inside)
  const body = (
    <>
      <div className="confirm-text" ref={inside}>
        {children}
      </div>
      <div className="dialog-actions">
        <Button
          variant="default"
          onClick={close}
          disabled={pending}
          data-autofocus={form ? undefined : true}
        >
          {cancelLabel}
        </Button>
        <PendingButton
          type={form ? 'submit' : 'button'}
          color={tone === 'success' ? 'var(--color-success)' : 'var(--color-danger)'}
          pending={pending}
          pendingLabel={pendingLabel}
          leftSection={confirmIcon}
          onClick={form ? undefined : onConfirm}
          data-testid="confirm-action"
        >
          {confirmLabel}
        </PendingButton>
      </div>
    </>
  )
  return (
    <Modal
      opened={opened}
      onClose={close}
      stackId={stackId}
      centered
      size="md"
      title={title}
      withCloseButton={false}
      closeOnEscape={!pending}
      closeOnClickOutside={!pending}
      transitionProps={{ onExited: giveFocusBack }}
      classNames={{ title: 'dialog-title', body: 'confirm-body' }}
      data-testid={testId}
    >
      {form ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (!pending) onConfirm()
          }}
        >
          {body}
        </form>
      ) : (
        body
      )}
    </Modal>
  )
}
