/**
 * The sign-in form's state: its two fields stay uncontrolled (the browser holds what she
 * types, autofill included); on submit its rules (lib/validation.ts) run, and each message shows
 * under its field until she changes that field. A few lines instead of `@mantine/form`,
 * whose ~6 KB (gzipped) would otherwise be a twentieth of `/login`'s first load.
 */
import { useState, type FormEvent } from 'react'
import { loginRules } from '../../lib/validation'

export interface SignInValues {
  email: string
  password: string
}

type Field = keyof SignInValues

/** The translation key of each field's message, `null` when it is fine. */
export function signInErrors(values: SignInValues): Record<Field, string | null> {
  return { email: loginRules.email(values.email), password: loginRules.password(values.password) }
}

export function useSignInForm(translate: (key: string) => string) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  const field = (name: Field) => ({
    name,
    defaultValue: '',
    error: errors[name] ? translate(errors[name]) : undefined,
    onChange: () => {
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
    },
  })

  const onSubmit =
    (handle: (values: SignInValues) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const data = new FormData(event.currentTarget)
      const values = {
        email: String(data.get('email') ?? ''),
        password: String(data.get('password') ?? ''),
      }
      const found = signInErrors(values)
      const shown = Object.fromEntries(
        Object.entries(found).filter((entry): entry is [Field, string] => entry[1] !== null)
      )
      setErrors(shown)
      if (Object.keys(shown).length === 0) handle(values)
    }

  return { field, onSubmit }
}
