/**
 * A catalogue form's page (`useCatalogForm`): the record's error when it cannot be read, else
 * the back office's frame with the form (Cancel back to the list, Save) and, under it, what
 * the record adds (photos, avatar, archive and delete).
 */
import type { FormEventHandler, ReactNode } from 'react'
import { OfficeForm, RecordError } from '../office/OfficeForm'
import { OfficeFrame } from '../office/OfficeFrame'

interface CatalogFormPageProps {
  form: {
    title: string
    listPath: string
    submit: FormEventHandler<HTMLFormElement>
    loading: boolean
    saving: boolean
    failed: boolean
  }
  /** The form's fields. */
  children: ReactNode
  /** What comes under the form. */
  after?: ReactNode
}

export function CatalogFormPage({ form, children, after }: CatalogFormPageProps) {
  if (form.failed) return <RecordError title={form.title} />
  return (
    <OfficeFrame title={form.title}>
      <OfficeForm
        onSubmit={form.submit}
        loading={form.loading}
        saving={form.saving}
        cancelTo={form.listPath}
      >
        {children}
      </OfficeForm>
      {after}
    </OfficeFrame>
  )
}
