/**
 * The local stand-in for Google's account chooser (emulator only): accounts used before on
 * this device, or a name and e-mail for another one. A dialog with its own focus trap;
 * focus returns to the Google button when it closes.
 */
import { Button, Modal, Stack, TextInput, UnstyledButton } from '@mantine/core'
import { useForm } from '@mantine/form'
import { isEmail } from '@sakan/common'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { rememberedAccounts, type EmulatorGoogleAccount } from '../../lib/emulator-accounts'
import { initialsOf } from '../../lib/user'
import { EmailField } from './EmailField'

interface ChooserProps {
  opened: boolean
  onClose: () => void
  onPick: (account: EmulatorGoogleAccount) => void
}

export function EmulatorAccountChooser({ opened, onClose, onPick }: ChooserProps) {
  const { t } = useTranslation('account')
  // Read when the dialog opens, so an account added a moment ago is listed.
  const accounts = useMemo(() => (opened ? rememberedAccounts() : []), [opened])
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '' },
    validate: {
      name: (value) => (value.trim().length >= 2 ? null : t('google.chooser.validation.name')),
      email: (value) => (isEmail(value) ? null : t('google.chooser.validation.email')),
    },
  })

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      radius="lg"
      size="sm"
      padding="lg"
      title={
        <span className="chooser-title">
          <span className="chooser-heading">{t('google.chooser.title')}</span>
          <span className="chooser-subtitle">{t('google.chooser.subtitle')}</span>
        </span>
      }
      closeButtonProps={{ 'aria-label': t('google.chooser.cancel') }}
      data-testid="emulator-google-chooser"
    >
      <p className="chooser-notice">{t('google.chooser.notice')}</p>
      {accounts.length > 0 && (
        <section aria-labelledby="chooser-remembered" className="chooser-section">
          <h3 id="chooser-remembered" className="chooser-section-title">
            {t('google.chooser.remembered')}
          </h3>
          <ul className="chooser-accounts" role="list">
            {accounts.map((account) => (
              <li key={account.email}>
                <UnstyledButton className="chooser-account" onClick={() => onPick(account)}>
                  <span className="user-avatar" aria-hidden="true">
                    {initialsOf(account.name || account.email)}
                  </span>
                  <span className="chooser-account-text">
                    <span className="chooser-account-name">{account.name}</span>
                    <span className="chooser-account-email" dir="ltr">
                      {account.email}
                    </span>
                  </span>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          onPick({ name: values.name.trim(), email: values.email.trim().toLowerCase() })
          form.reset()
        })}
      >
        <Stack gap="sm">
          {accounts.length > 0 && (
            <h3 className="chooser-section-title">{t('google.chooser.another')}</h3>
          )}
          <TextInput
            label={t('google.chooser.name')}
            placeholder={t('google.chooser.namePlaceholder')}
            autoComplete="name"
            data-autofocus
            data-testid="emulator-google-name"
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <EmailField
            label={t('google.chooser.email')}
            placeholder={t('google.chooser.emailPlaceholder')}
            size="sm"
            withAsterisk={false}
            data-testid="emulator-google-email"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <div className="chooser-actions">
            <Button variant="subtle" color="gray" onClick={onClose} type="button">
              {t('google.chooser.cancel')}
            </Button>
            <Button type="submit" data-testid="emulator-google-submit">
              {t('google.chooser.continue')}
            </Button>
          </div>
        </Stack>
      </form>
    </Modal>
  )
}
