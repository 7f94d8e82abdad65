/**
 * A notice at the top of the account area that asks her to act (verify her e-mail, accept the
 * privacy notice): a named region (its title), in the brand's light tone, with its icon.
 */
import '@mantine/core/styles/Alert.css'
import '../auth/verify-email.css'
import { Alert } from '@mantine/core'
import type { ReactNode } from 'react'
import { Icon, type IconDrawing } from '@sakan/common/ui/Icon'

interface AccountNoticeProps {
  icon: IconDrawing
  title: string
  testId: string
  children: ReactNode
}

export function AccountNotice({ icon, title, testId, children }: AccountNoticeProps) {
  return (
    <div className="container verify-notice-wrap">
      <Alert
        role="region"
        variant="light"
        color="brand"
        radius="lg"
        icon={<Icon icon={icon} />}
        title={title}
        className="verify-notice"
        data-testid={testId}
      >
        {children}
      </Alert>
    </div>
  )
}
