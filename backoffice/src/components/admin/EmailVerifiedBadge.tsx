/**
 * Whether an applicant's e-mail address is verified: an icon and words, not colour
 * alone. Nothing is shown when the API does not say (an answer without the field).
 */
import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Icon, icons } from '@sakan/common/ui/Icon'

export function EmailVerifiedBadge({ verified }: { verified: boolean | undefined }) {
  const { t } = useTranslation('admin')
  if (typeof verified !== 'boolean') return null
  return (
    <Badge
      variant="default"
      className="email-badge"
      leftSection={<Icon icon={verified ? icons.checkCircle : icons.xCircle} />}
      data-tone={verified ? 'success' : 'warning'}
      data-verified={verified}
      data-testid="email-verified-badge"
    >
      {t(verified ? 'applications.emailVerified.yes' : 'applications.emailVerified.no')}
    </Badge>
  )
}
