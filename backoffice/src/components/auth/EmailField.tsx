/** An e-mail address field: the e-mail keyboard, autofill, and left to right in Arabic too. */
import { TextInput, type TextInputProps } from '@mantine/core'

export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      type="email"
      inputMode="email"
      autoComplete="email"
      dir="ltr"
      size="md"
      withAsterisk
      {...props}
    />
  )
}
