/**
 * Any other path under this app: 'Page Not Found' with a developer-style hint. A page
 * whose record is missing or not hers (e.g. `/receipts/{id}` answered 404) shows the same page
 * with `recordText`, what is missing in her language, and without the hint, which would say no
 * route matches.
 */
import { NotFound } from '@sakan/common/ui/NotFound'
import { useLocation } from 'react-router'
import { useShellText } from '../components/layout/use-shell-text'
import { useDocumentTitle } from '../components/PageShell'
import { useLanguage } from '../providers/use-language'

export default function NotFoundPage({ recordText }: { recordText?: string }) {
  const t = useShellText()
  const lang = useLanguage()
  const { pathname } = useLocation()
  useDocumentTitle(t('common:notFound.title'))
  return recordText === undefined ? (
    <NotFound t={t} lang={lang} pathname={pathname} />
  ) : (
    <NotFound t={t} lang={lang} record text={recordText} />
  )
}
