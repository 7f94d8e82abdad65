/**
 * A building's form, to create one or change it: names and addresses in both languages, the
 * zone, the amenities (the spec's list), the coordinates and whether it is fully managed.
 */
import { MultiSelect, NumberInput, Select, Switch, TextInput } from '@mantine/core'
import {
  BUILDING_AMENITIES,
  ZONES,
  type AdminBuilding,
  type BuildingAmenity,
  type BuildingWrite,
  type Zone,
} from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { OfficeForm, RecordError } from '../../components/office/OfficeForm'
import { RecordActions } from '../../components/office/RecordActions'
import { useOfficeForm } from '../../components/office/use-office-form'
import { READ_PATHS } from '../../config/resources'

interface Values {
  name_en: string
  name_ar: string
  address_en: string
  address_ar: string
  zone: Zone | null
  amenities: BuildingAmenity[]
  latitude: number | string
  longitude: number | string
  isFullyManaged: boolean
}

const EMPTY: Values = {
  name_en: '',
  name_ar: '',
  address_en: '',
  address_ar: '',
  zone: null,
  amenities: [],
  latitude: '',
  longitude: '',
  isFullyManaged: true,
}

const toValues = (building: AdminBuilding): Values => ({
  name_en: building.name_en,
  name_ar: building.name_ar,
  address_en: building.address_en,
  address_ar: building.address_ar,
  zone: building.zone,
  amenities: building.amenities,
  latitude: building.latitude,
  longitude: building.longitude,
  isFullyManaged: building.isFullyManaged,
})

const toPayload = (values: Values): Partial<BuildingWrite> => ({
  ...values,
  zone: values.zone ?? undefined,
  latitude: values.latitude === '' ? undefined : Number(values.latitude),
  longitude: values.longitude === '' ? undefined : Number(values.longitude),
})

export function BuildingForm({ action }: { action: 'create' | 'edit' }) {
  const { t } = useTranslation(['admin', 'common'])
  const navigate = useNavigate()
  const { id } = useParams()
  const { form, submit, record, loading, failed, saving } = useOfficeForm<Values, AdminBuilding>({
    resource: 'buildings',
    action,
    id,
    readPath: READ_PATHS.buildings,
    initialValues: EMPTY,
    toValues,
    toPayload,
    onSaved: () => void navigate('/admin/buildings'),
  })
  const title = action === 'create' ? t('office.buildings.create') : t('office.buildings.edit')
  const label = (field: string) => t(`office.buildings.${field}`)

  if (failed) return <RecordError title={title} />
  return (
    <OfficeFrame title={title}>
      <OfficeForm onSubmit={submit} loading={loading} saving={saving} cancelTo="/admin/buildings">
        <div className="office-form-grid">
          <TextInput
            required
            label={label('name_en')}
            {...form.getInputProps('name_en')}
            dir="ltr"
          />
          <TextInput
            required
            label={label('name_ar')}
            {...form.getInputProps('name_ar')}
            dir="rtl"
          />
          <TextInput
            required
            label={label('address_en')}
            {...form.getInputProps('address_en')}
            dir="ltr"
          />
          <TextInput
            required
            label={label('address_ar')}
            {...form.getInputProps('address_ar')}
            dir="rtl"
          />
          <Select
            required
            label={label('zone')}
            data={ZONES.map((zone) => ({ value: zone, label: t(`common:locations.${zone}`) }))}
            {...form.getInputProps('zone')}
          />
          <MultiSelect
            label={label('amenities')}
            data={BUILDING_AMENITIES.map((amenity) => ({
              value: amenity,
              label: t(`common:amenities.${amenity}`),
            }))}
            {...form.getInputProps('amenities')}
          />
          <NumberInput
            required
            label={label('latitude')}
            decimalScale={6}
            min={-90}
            max={90}
            {...form.getInputProps('latitude')}
          />
          <NumberInput
            required
            label={label('longitude')}
            decimalScale={6}
            min={-180}
            max={180}
            {...form.getInputProps('longitude')}
          />
        </div>
        <Switch
          label={label('isFullyManaged')}
          {...form.getInputProps('isFullyManaged', { type: 'checkbox' })}
        />
      </OfficeForm>
      {record && (
        <RecordActions
          resource="buildings"
          id={record.id}
          archived={record.archivedAt !== null}
          listPath="/admin/buildings"
        />
      )}
    </OfficeFrame>
  )
}
