/**
 * A text the catalogue keeps in both languages: its English field (left to right), then its
 * Arabic one (right to left), bound to `<name>_en` and `<name>_ar`.
 */
import { Textarea, TextInput } from '@mantine/core'
import { LOCALES, directionOf } from '@sakan/common'
import type { FieldProps } from './use-catalog-form'

interface BilingualFieldsProps {
  /** The text's name without its language. */
  name: string
  /** A field's label and binding by its full name (`useCatalogForm`'s `field`). */
  field: (name: string) => FieldProps
  required?: boolean
  /** Several lines (a description, a comment) instead of one. */
  multiline?: boolean
}

export function BilingualFields({ name, field, required, multiline }: BilingualFieldsProps) {
  return LOCALES.map((locale) => {
    const props = { required, dir: directionOf(locale), ...field(`${name}_${locale}`) }
    return multiline ? (
      <Textarea key={locale} autosize minRows={3} {...props} />
    ) : (
      <TextInput key={locale} {...props} />
    )
  })
}
