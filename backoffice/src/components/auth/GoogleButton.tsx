/**
 * "Continue with Google". In production it opens Google's popup (email and profile scopes).
 * While the Firebase Auth emulator stands in for Google (offline development, demo, tests),
 * Google's script cannot load, so a small local account chooser asks for a name and e-mail
 * instead; after that, both paths are the same sign-in.
 */
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmulatorGoogleAccount } from '../../lib/emulator-accounts'
import { useRuntimeConfig } from '../../providers/use-runtime-config'
import { PendingButton } from './PendingButton'

// The chooser is a dialog (Mantine's modal, focus trap, scroll lock, positioning): loaded
// when the button is first pressed, never on the sign-in pages' first load, and never at
// all in production, where Google's own popup stands in for it.
const EmulatorAccountChooser = lazy(() =>
  import('./EmulatorAccountChooser').then((module) => ({ default: module.EmulatorAccountChooser }))
)

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  )
}

interface GoogleButtonProps {
  onSignIn: (account?: EmulatorGoogleAccount) => void
  pending?: boolean
  blocked?: boolean
}

export function GoogleButton({ onSignIn, pending, blocked }: GoogleButtonProps) {
  const { t } = useTranslation('account')
  const config = useRuntimeConfig()
  const [choosing, setChoosing] = useState(false)
  // Mounted from the first press on, so closing it plays its transition and returns focus.
  const [chooserWanted, setChooserWanted] = useState(false)
  const usesEmulator = Boolean(config?.firebase.emulatorUrl)

  return (
    <>
      <PendingButton
        variant="default"
        size="md"
        fullWidth
        className="google-button"
        leftSection={<GoogleMark />}
        pending={pending}
        // Until the runtime config says whether the emulator stands in for Google.
        blocked={blocked || config === undefined}
        onClick={() => {
          if (!usesEmulator) return onSignIn()
          setChooserWanted(true)
          setChoosing(true)
        }}
        data-testid="google-signin"
      >
        {t('google.button')}
      </PendingButton>
      {usesEmulator && chooserWanted && (
        <Suspense fallback={null}>
          <EmulatorAccountChooser
            opened={choosing}
            onClose={() => setChoosing(false)}
            onPick={(account) => {
              setChoosing(false)
              onSignIn(account)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
