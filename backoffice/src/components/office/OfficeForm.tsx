/**
 * The back office's record pages' shared frame: the state shown when the record cannot be read,
 * and a form's shell — the card, then Cancel (back to the list) and Save under the fields.
 */
import { Button } from '@mantine/core'
import type { FormEventHandler, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { EmptyState } from '../EmptyState'
import { OfficeFrame } from './OfficeFrame'

/** The page when its record could not be read (deleted, or the API refused). */
export function RecordError({ title }: { title: string }) {
  const { t } = useTranslation('admin')
  return (
    <OfficeFrame title={title}>
      <div className="card">
        <EmptyState tone="error" icon={icons.alert} title={t('office.common.recordError')} />
      </div>
    </OfficeFrame>
  )
}

interface OfficeFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>
  /** The record is still being read. */
  loading: boolean
  saving: boolean
  /** Where Cancel goes: the resource's list. */
  cancelTo: string
  children: ReactNode
}

export function OfficeForm({ onSubmit, loading, saving, cancelTo, children }: OfficeFormProps) {
  const { t } = useTranslation('admin')
  const navigate = useNavigate()
  return (
    <form
      className="card office-form"
      onSubmit={onSubmit}
      noValidate
      aria-busy={loading || undefined}
    >
      {children}
      <div className="office-form-actions">
        <Button variant="default" onClick={() => void navigate(cancelTo)}>
          {t('office.common.cancel')}
        </Button>
        <Button
          type="submit"
          loading={saving}
          leftSection={<Icon icon={icons.check} />}
          data-testid="office-save"
        >
          {t('office.common.save')}
        </Button>
      </div>
    </form>
  )
}
