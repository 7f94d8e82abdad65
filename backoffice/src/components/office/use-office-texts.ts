/**
 * A back-office page's words: `t` over the admin texts (the account's and common's named
 * `account:…` and `common:…`), her language, and `label(field)`, the page's own text
 * `office.<section>.<field>`.
 */
import { useTexts } from '../../providers/use-language'

export function useOfficeTexts(section: string) {
  const { t, lang } = useTexts(['admin', 'account', 'common'])
  const label = (field: string) => t(`office.${section}.${field}`)
  return { t, lang, label }
}
