/**
 * A password input whose show/hide button is named in her language; its pressed state
 * (`aria-pressed`) tells whether the password is shown.
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('account')
  return (
    <PasswordInput
      size="md"
      withAsterisk
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': t('buttons.showPassword') }}
    />
  )
}
