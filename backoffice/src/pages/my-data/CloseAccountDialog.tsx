/**
 * Closing her account, confirmed by signing in again: her password, or Google when she signs
 * in with Google here. Then the account is closed (`DELETE /api/me`,
 * providers/account-closure.ts) and she lands on `/login` with a toast saying so. The API's
 * refusals (a current stay, rent owed, a sign-in it does not take) are said in the dialog,
 * which stays open; a wrong password is said under its field.
 */
import '@mantine/core/styles/Alert.css'
import { Alert, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { PendingButton } from '../../components/auth/PendingButton'
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog'
import { isCancelledSignIn } from '../../lib/auth-errors'
import { reauthenticationError } from '../../lib/my-data'
import { loadPage } from '../../lib/page-load'
import { serverMessageOr } from '../../lib/refusals'
import { showToastAfterLoad } from '../../lib/toasts'
import { closeAccount, signInProvidersHere } from '../../providers/account-closure'
import type { Reauthentication } from '../../providers/firebase'
import { isApiError } from '../../providers/http'

/** How she can sign in again here (her password until Firebase has said otherwise). */
interface Methods {
  password: boolean
  google: boolean
}

/**
 * Her password, unless Firebase keeps a sign-in of hers here that has none (Google only);
 * Google beside it when that sign-in has Google. Without a sign-in kept here (her session came
 * from another device), her password.
 */
function methodsOf(providers: string[] | null): Methods {
  if (!providers) return { password: true, google: false }
  const google = providers.includes('google.com')
  return { password: providers.includes('password') || !google, google }
}

export function CloseAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('account')
  const [methods, setMethods] = useState<Methods>({ password: true, google: false })
  const [closing, setClosing] = useState<'password' | 'google' | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useForm({ mode: 'controlled', initialValues: { password: '' } })

  // Which ways she can sign in again, asked (and Firebase loaded) when the dialog opens.
  useEffect(() => {
    if (!opened) return
    let current = true
    signInProvidersHere().then(
      (providers) => current && setMethods(methodsOf(providers)),
      // Firebase did not load: her password is still offered; confirming says what failed.
      () => undefined
    )
    return () => {
      current = false
    }
  }, [opened])

  const close = () => {
    form.reset()
    setRefusal(null)
    onClose()
  }

  const focusPassword = () =>
    window.setTimeout(() => document.getElementById('close-account-password')?.focus())

  const confirm = async (proof: Reauthentication) => {
    setRefusal(null)
    setClosing('password' in proof ? 'password' : 'google')
    try {
      await closeAccount(proof)
    } catch (error) {
      setClosing(null)
      if (isApiError(error)) {
        setRefusal(serverMessageOr(error, t('myData.close.errors.failed')))
      } else if (!isCancelledSignIn(error)) {
        const { key, field } = reauthenticationError(error)
        if (field) {
          form.setFieldError(field, t(key))
          focusPassword()
        } else {
          setRefusal(t(key))
        }
      }
      return
    }
    // Closed: her session has ended everywhere. A full page load, like signing out of all
    // devices, so that nothing of it stays in memory; the dialog stays busy until then.
    showToastAfterLoad({ title: t('myData.close.done'), tone: 'success' })
    loadPage('/login')
  }

  const confirmWithPassword = () => {
    const { password } = form.getValues()
    if (password === '') {
      form.setFieldError('password', t('myData.close.errors.passwordRequired'))
      focusPassword()
      return
    }
    void confirm({ password })
  }

  const withGoogle = () => void confirm({ google: true })

  return (
    <ConfirmDialog
      opened={opened}
      onClose={close}
      title={t('myData.close.dialog.title')}
      cancelLabel={t('myData.close.dialog.cancel')}
      confirmLabel={t(
        methods.password ? 'myData.close.dialog.confirm' : 'myData.close.dialog.google'
      )}
      pendingLabel={t('myData.close.dialog.pending')}
      pending={closing !== null}
      tone="danger"
      confirmIcon={<Icon icon={icons.trash} />}
      onConfirm={methods.password ? confirmWithPassword : withGoogle}
      testId="close-account-dialog"
      form
    >
      <p>{t('myData.close.dialog.text')}</p>
      {refusal && (
        <Alert
          color="red"
          role="alert"
          icon={<Icon icon={icons.alert} />}
          className="close-account-refusal"
          data-testid="close-account-refusal"
        >
          {refusal}
        </Alert>
      )}
      {methods.password && (
        <TextInput
          type="password"
          size="md"
          withAsterisk
          id="close-account-password"
          label={t('myData.close.dialog.password')}
          autoComplete="current-password"
          className="close-account-password"
          readOnly={closing !== null}
          {...form.getInputProps('password')}
        />
      )}
      {methods.password && methods.google && (
        <>
          <p className="close-account-or">{t('myData.close.dialog.or')}</p>
          <PendingButton
            variant="default"
            fullWidth
            pending={closing === 'google'}
            blocked={closing === 'password'}
            onClick={withGoogle}
            data-testid="close-account-google"
          >
            {t('myData.close.dialog.google')}
          </PendingButton>
        </>
      )}
    </ConfirmDialog>
  )
}
