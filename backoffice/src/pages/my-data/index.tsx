/**
 * `/my-data`, her rights over her data (Saudi Arabia's Personal Data Protection Law): her
 * details, corrected; a copy of everything kept about her; and closing her account (a
 * resident's; an administrator's is closed by another administrator).
 */
import '../../styles/mantine-forms.css'
import '../../components/applications/applications.css'
import './my-data.css'
import { useTranslation } from 'react-i18next'
import { PageShell } from '../../components/PageShell'
import { useSession } from '../../providers/session-store'
import { CloseAccount } from './CloseAccount'
import { DetailsForm } from './DetailsForm'
import { DownloadData } from './DownloadData'

export default function MyDataPage() {
  const { t } = useTranslation('account')
  // The guard has her session: the sections show the user it holds, as the header does.
  const { user } = useSession()
  return (
    <PageShell title={t('myData.title')} lead={t('myData.lead')} width="narrow">
      {user && (
        <div className="stack">
          <DetailsForm user={user} />
          <DownloadData />
          <CloseAccount user={user} />
        </div>
      )}
    </PageShell>
  )
}
