/**
 * The applicant's ID document, served from
 * `GET /api/images/{documentPath}` to the administrator: images open in a dialog, PDFs and
 * other files in a new tab; 'No document uploaded' without a path, 'Unable to load image'
 * when the image cannot be shown.
 */
import { Button, Modal, Skeleton } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { documentKind, documentUrl } from '../../lib/id-document'
import { formatLongDate } from '@sakan/common'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { useTexts } from '../../providers/use-language'
import { useOpenerRefocused } from '../feedback/use-opener-refocused'
import { NewTabButton } from './NewTabButton'

interface IdDocumentViewerProps {
  documentKey: string | null
  contentType: string | null
  /** When the document was destroyed, no longer needed (then there is no key). */
  destroyedAt?: string | null
  onViewImage: () => void
}

/** "PNG", "JPEG"… from `image/png`. */
function formatOf(contentType: string | null, key: string): string {
  const subtype = contentType?.split('/')[1] ?? key.split('.').pop() ?? ''
  return subtype.replace(/^jpg$/i, 'jpeg').toUpperCase()
}

export function IdDocumentViewer({
  documentKey,
  contentType,
  destroyedAt,
  onViewImage,
}: IdDocumentViewerProps) {
  const { t, lang } = useTexts('admin')
  if (!documentKey) {
    return (
      <p
        className="doc-view doc-view-none"
        data-testid={destroyedAt ? 'document-destroyed' : 'document-none'}
      >
        <span className="doc-view-icon" aria-hidden="true">
          <Icon icon={icons.file} />
        </span>
        {destroyedAt
          ? t('applications.document.destroyed', {
              date: formatLongDate(destroyedAt, lang),
            })
          : t('applications.document.none')}
      </p>
    )
  }
  const kind = documentKind(contentType, documentKey)
  const label =
    kind === 'image'
      ? t('applications.document.image', { format: formatOf(contentType, documentKey) })
      : kind === 'pdf'
        ? t('applications.document.pdf')
        : t('applications.document.other')
  return (
    <div className="doc-view" data-kind={kind}>
      <span className="doc-view-icon" aria-hidden="true">
        <Icon icon={kind === 'image' ? icons.image : icons.pdf} />
      </span>
      <span className="doc-view-label">{label}</span>
      {kind === 'image' ? (
        <Button
          variant="default"
          size="sm"
          leftSection={<Icon icon={icons.eye} />}
          onClick={onViewImage}
          data-testid="view-document"
        >
          {t('applications.document.view')}
        </Button>
      ) : (
        <NewTabButton href={documentUrl(documentKey)} data-testid="open-document">
          {t('applications.document.open')}
        </NewTabButton>
      )}
    </div>
  )
}

interface IdDocumentImageDialogProps {
  opened: boolean
  onClose: () => void
  stackId?: string
  documentKey: string | null
  ownerName: string
}

/** The image itself, large, with a way to open it in a tab of its own. */
export function IdDocumentImageDialog({
  opened,
  onClose,
  stackId,
  documentKey,
  ownerName,
}: IdDocumentImageDialogProps) {
  const { t } = useTranslation('admin')
  const url = documentKey ? documentUrl(documentKey) : null
  useOpenerRefocused(opened, Boolean(stackId))
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      size="xl"
      centered
      title={t('applications.document.dialogTitle', { name: ownerName })}
      closeButtonProps={{ 'aria-label': t('applications.actions.close') }}
      classNames={{ title: 'dialog-title' }}
    >
      {/* Mounted only while open: opening it again tries the image again. */}
      {opened && url && (
        <DocumentImage
          key={url}
          url={url}
          alt={t('applications.document.alt', { name: ownerName })}
        />
      )}
    </Modal>
  )
}

function DocumentImage({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation('admin')
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading')
  return (
    <div className="doc-image" data-state={state}>
      {state === 'loading' && (
        <div role="status" className="doc-image-loading">
          <span className="visually-hidden">{t('applications.document.loading')}</span>
          <Skeleton height={320} radius="md" aria-hidden="true" />
        </div>
      )}
      {state === 'failed' ? (
        <p className="doc-image-error" role="alert" data-testid="document-image-error">
          <Icon icon={icons.alert} />
          {t('applications.document.imageError')}
        </p>
      ) : (
        <img
          src={url}
          alt={alt}
          data-testid="document-image"
          hidden={state !== 'loaded'}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
      <div className="doc-image-actions">
        <NewTabButton href={url}>{t('applications.document.openInTab')}</NewTabButton>
      </div>
    </div>
  )
}
