/** Any other path under this app: 'Page Not Found' with a developer-style hint (spec §2). */
import { NotFound } from '@sakan/common/ui/NotFound'
import { useLocation } from 'react-router'
import { useShellText } from '../components/layout/use-shell-text'
import { useDocumentTitle } from '../components/PageShell'
import { useLanguage } from '../providers/use-language'

export default function NotFoundPage() {
  const t = useShellText()
  const lang = useLanguage()
  const { pathname } = useLocation()
  useDocumentTitle(t('common:notFound.title'))
  return <NotFound t={t} lang={lang} pathname={pathname} />
}
