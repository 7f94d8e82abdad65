/**
 * A copy of everything kept about her: `GET /api/me/export` answers a ZIP (`data.json` in her
 * language, and her files), saved under the name the server gives it. While it is prepared the
 * button says so and takes no second press; a refusal (a 429 when she asked too often) is a
 * toast in the API's words.
 */
import { riyadhToday } from '@sakan/common'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { PendingButton } from '../../components/auth/PendingButton'
import { TitledSection } from '../../components/TitledSection'
import { exportFileName } from '../../lib/my-data'
import { showErrorToast } from '../../lib/refusals'
import { saveFile } from '../../lib/save-file'
import { showToast } from '../../lib/toasts'
import { apiDownload } from '../../providers/http-client'

const EXPORT_PATH = '/api/me/export'

export function DownloadData() {
  const { t } = useTranslation('account')
  const [preparing, setPreparing] = useState(false)

  const download = async () => {
    setPreparing(true)
    try {
      const file = await apiDownload(EXPORT_PATH)
      saveFile(file.blob, exportFileName(file.contentDisposition, riyadhToday()))
      showToast({ tone: 'success', title: t('myData.download.done') })
    } catch (error) {
      showErrorToast(error, t('myData.download.failed'))
    } finally {
      setPreparing(false)
    }
  }

  return (
    <TitledSection
      id="my-data-download"
      title={t('myData.download.title')}
      className="card panel-card"
      testId="my-data-download"
    >
      <p className="my-data-text">{t('myData.download.text')}</p>
      <div className="my-data-actions">
        <PendingButton
          size="md"
          pending={preparing}
          pendingLabel={t('myData.download.preparing')}
          leftSection={<Icon icon={icons.file} />}
          onClick={() => void download()}
          data-testid="my-data-download-button"
        >
          {t('myData.download.button')}
        </PendingButton>
      </div>
    </TitledSection>
  )
}
