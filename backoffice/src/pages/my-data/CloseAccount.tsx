/**
 * Closing her account: what is erased, what is kept and why, and when she cannot close it;
 * a resident's button opens the dialog where she confirms it (CloseAccountDialog.tsx). An
 * administrator's account is closed by another administrator: she is only told so.
 */
import { Button } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { TitledSection } from '../../components/TitledSection'
import { isAdmin, type SessionUser } from '../../lib/user'
import { CloseAccountDialog } from './CloseAccountDialog'

export function CloseAccount({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account')
  const [opened, setOpened] = useState(false)
  // Mounted from the first press on, so that closing it plays its transition and returns focus.
  const [wanted, setWanted] = useState(false)

  return (
    <TitledSection
      id="my-data-close"
      title={t('myData.close.title')}
      className="card panel-card"
      testId="my-data-close"
    >
      {isAdmin(user) ? (
        <p className="my-data-text">{t('myData.close.admin')}</p>
      ) : (
        <>
          <div className="my-data-text">
            <p>{t('myData.close.what', { id: user.id })}</p>
            <p>{t('myData.close.kept')}</p>
            <p>{t('myData.close.condition')}</p>
          </div>
          <div className="my-data-actions">
            <Button
              size="md"
              color="var(--color-danger)"
              leftSection={<Icon icon={icons.trash} />}
              onClick={() => {
                setWanted(true)
                setOpened(true)
              }}
              data-testid="close-account"
            >
              {t('myData.close.button')}
            </Button>
          </div>
          {wanted && <CloseAccountDialog opened={opened} onClose={() => setOpened(false)} />}
        </>
      )}
    </TitledSection>
  )
}
