/**
 * A building's form, to create one or change it: names and addresses in both languages, the
 * zone, the amenities (the spec's list), the coordinates and whether it is fully managed.
 */
import { MultiSelect, NumberInput, Select, Switch } from '@mantine/core'
import {
  BUILDING_AMENITIES,
  ZONES,
  type AdminBuilding,
  type BuildingAmenity,
  type BuildingWrite,
  type Zone,
} from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { BilingualFields } from '../../components/forms/BilingualFields'
import { CatalogFormPage } from '../../components/forms/CatalogFormPage'
import { optionalNumber, useCatalogForm } from '../../components/forms/use-catalog-form'
import { RecordActions } from '../../components/office/RecordActions'

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
  latitude: optionalNumber(values.latitude),
  longitude: optionalNumber(values.longitude),
})

export function BuildingForm({ action }: { action: 'create' | 'edit' }) {
  const { t } = useTranslation('common')
  const catalog = useCatalogForm<Values, AdminBuilding>('buildings', action, {
    initialValues: EMPTY,
    toValues,
    toPayload,
  })
  const { record, field } = catalog

  return (
    <CatalogFormPage
      form={catalog}
      after={
        record && (
          <RecordActions
            resource="buildings"
            id={record.id}
            archived={record.archivedAt !== null}
            listPath={catalog.listPath}
          />
        )
      }
    >
      <div className="office-form-grid">
        <BilingualFields name="name" field={field} required />
        <BilingualFields name="address" field={field} required />
        <Select
          required
          data={ZONES.map((zone) => ({ value: zone, label: t(`locations.${zone}`) }))}
          {...field('zone')}
        />
        <MultiSelect
          data={BUILDING_AMENITIES.map((amenity) => ({
            value: amenity,
            label: t(`amenities.${amenity}`),
          }))}
          {...field('amenities')}
        />
        <NumberInput required decimalScale={6} min={-90} max={90} {...field('latitude')} />
        <NumberInput required decimalScale={6} min={-180} max={180} {...field('longitude')} />
      </div>
      <Switch {...field('isFullyManaged', 'checkbox')} />
    </CatalogFormPage>
  )
}
