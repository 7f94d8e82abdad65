/**
 * On `/login` for an administrator's page, when she is signed in without that role: who she
 * is and that the page needs the administrator. Rarely shown, so loaded only then.
 */
import { Alert } from '@mantine/core'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { useTranslation } from 'react-i18next'
import { displayNameOf, type SessionUser } from '../../lib/user'

export default function SignedInAsNotice({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account')
  return (
    <Alert
      variant="light"
      color="brand"
      radius="md"
      icon={<Icon icon={icons.lock} />}
      className="auth-alert"
    >
      {t('login.signedInAs', { name: displayNameOf(user) })} {t('login.needsAdmin')}
    </Alert>
  )
}
