/**
 * The end of a form that sends files: how far the upload has got while it is sent (when it
 * carries files), then the submit button, which keeps focus while sending.
 */
import { Icon, icons } from '@sakan/common/ui/Icon'
import { UploadProgress } from '../applications/UploadProgress'
import { SubmitButton } from '../auth/PendingButton'

interface UploadSubmitProps {
  sending: boolean
  /** From 0 to 1. */
  progress: number
  /** The form carries files (their upload's progress is shown); by default it does. */
  withFiles?: boolean
  label: string
  pendingLabel: string
  testId: string
}

export function UploadSubmit({
  sending,
  progress,
  withFiles = true,
  label,
  pendingLabel,
  testId,
}: UploadSubmitProps) {
  return (
    <>
      {sending && withFiles && <UploadProgress fraction={progress} />}
      <SubmitButton
        pending={sending}
        pendingLabel={pendingLabel}
        leftSection={<Icon icon={icons.check} />}
        data-testid={testId}
      >
        {label}
      </SubmitButton>
    </>
  )
}
