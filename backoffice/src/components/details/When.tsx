/** An instant as a `<time>` element, written in her language (date and time unless said). */
import type { Locale } from '@sakan/common'
import { formatDateTime } from '../../lib/format'
import { useLanguage } from '../../providers/use-language'

export function When({
  at,
  format = formatDateTime,
  className,
}: {
  /** The instant, ISO 8601. */
  at: string
  format?: (value: string, lang: Locale) => string
  className?: string
}) {
  const lang = useLanguage()
  return (
    <time className={className} dateTime={at}>
      {format(at, lang)}
    </time>
  )
}
