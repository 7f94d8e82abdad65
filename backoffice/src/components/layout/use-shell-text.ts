/** The account app's texts for the shared shell (`@sakan/common/ui`): `ns:key` names through react-i18next. */
import type { Translate } from '@sakan/common'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

export function useShellText(): Translate {
  const { t } = useTranslation()
  return useCallback<Translate>((key, values) => t(key, { ...values }), [t])
}
