/**
 * The catalogue's forms (buildings, rooms, reviews) on `useOfficeForm`: the record named by the
 * address, read at the resource's admin path; the page's title for the action; Save going back
 * to the list unless the form says otherwise; and `field(name)`, a field's label
 * (`office.<resource>.<name>`) with its binding to the form.
 */
import type { GetInputPropsReturnType } from '@mantine/form'
import type { BaseRecord } from '@refinedev/core'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { READ_PATHS } from '../../config/resources'
import { useOfficeForm } from '../office/use-office-form'

export type CatalogResource = 'buildings' | 'rooms' | 'reviews'

type OfficeFormOptions<Values extends object, Record extends BaseRecord> = Parameters<
  typeof useOfficeForm<Values, Record>
>[0]

interface CatalogFormOptions<Values extends object, Record extends BaseRecord> extends Pick<
  OfficeFormOptions<Values, Record>,
  'initialValues' | 'toValues' | 'toPayload'
> {
  /** After a save; by default back to the resource's list. */
  onSaved?: (record: Record) => void
}

/** A field's label and its binding to the form, spread on a Mantine input. */
export type FieldProps = GetInputPropsReturnType & { label: string }

export function useCatalogForm<Values extends object, Record extends BaseRecord>(
  resource: CatalogResource,
  action: 'create' | 'edit',
  options: CatalogFormOptions<Values, Record>
) {
  const { t } = useTranslation('admin')
  const navigate = useNavigate()
  const { id } = useParams()
  const listPath = `/admin/${resource}`
  const office = useOfficeForm<Values, Record>({
    resource,
    action,
    id,
    readPath: READ_PATHS[resource],
    ...options,
    onSaved: options.onSaved ?? (() => void navigate(listPath)),
  })
  const field = (name: string, type?: 'checkbox'): FieldProps => ({
    label: t(`office.${resource}.${name}`),
    ...office.form.getInputProps(name, { type }),
  })
  return { ...office, title: t(`office.${resource}.${action}`), listPath, field }
}

/** A number field's value for the API: nothing when left empty. */
export const optionalNumber = (value: number | string) => (value === '' ? undefined : Number(value))

/** An optional text's value for the API: `null` when left blank. */
export const optionalText = (value: string) => value.trim() || null
