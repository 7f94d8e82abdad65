import { SimpleMessagesProvider } from '@vinejs/vine'
import type { Locale } from '@sakan/common'
import en from '@sakan/common/locales/en/api.json' with { type: 'json' }
import ar from '@sakan/common/locales/ar/api.json' with { type: 'json' }

const catalogs = { en, ar } as const
const providers = new Map<Locale, SimpleMessagesProvider>()

/**
 * The validation messages of a language: rule messages (`validation.*`, with
 * `field.rule` entries for the specification's own wording) and field labels (`fields.*`).
 */
export function validationMessages(locale: Locale): SimpleMessagesProvider {
  let provider = providers.get(locale)
  if (!provider) {
    const { validation, fields } = catalogs[locale]
    provider = new SimpleMessagesProvider(validation, fields)
    providers.set(locale, provider)
  }
  return provider
}
