/**
 * A button that shows progress without becoming `disabled`: a disabled button drops the
 * keyboard focus to the page, so she would lose her place when a sign-in fails.
 */
import { Button, Loader, type ButtonProps } from '@mantine/core'
import type { MouseEvent, ReactNode } from 'react'

interface PendingButtonProps extends Omit<ButtonProps, 'loading' | 'disabled'> {
  type?: 'submit' | 'button'
  pending?: boolean
  /** Another action is running: looks disabled and ignores clicks, but keeps focus. */
  blocked?: boolean
  pendingLabel?: string
  onClick?: () => void
  children: ReactNode
  'data-testid'?: string
}

export function PendingButton({
  pending,
  blocked,
  pendingLabel,
  onClick,
  children,
  leftSection,
  type = 'button',
  ...props
}: PendingButtonProps) {
  const inactive = pending || blocked
  return (
    <Button
      {...props}
      type={type}
      data-disabled={inactive || undefined}
      aria-disabled={inactive || undefined}
      aria-busy={pending || undefined}
      leftSection={pending ? <Loader size={16} color="currentColor" /> : leftSection}
      onClick={(event: MouseEvent) => {
        if (inactive) {
          event.preventDefault()
          return
        }
        onClick?.()
      }}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  )
}

/** A form's full-width submit button. */
export function SubmitButton(props: Omit<PendingButtonProps, 'type' | 'size' | 'fullWidth'>) {
  return <PendingButton type="submit" size="md" fullWidth {...props} />
}
