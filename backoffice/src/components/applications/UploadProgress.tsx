/**
 * How far an upload has got (`fraction` from 0 to 1), then — once every byte is sent — that
 * the server is checking the files. Shared by the forms that send files.
 */
import { Progress } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation('account')
  const percent = Math.round(fraction * 100)
  const sent = fraction >= 1
  return (
    <div className="upload-progress" role="status" aria-live="polite">
      <span className="upload-progress-text">
        {sent ? t('application.form.checking') : t('application.form.uploading', { percent })}
      </span>
      <Progress
        value={percent}
        size="md"
        radius="xl"
        animated={sent}
        striped={sent}
        aria-label={t('application.form.progressLabel')}
        data-testid="upload-progress"
      />
    </div>
  )
}
