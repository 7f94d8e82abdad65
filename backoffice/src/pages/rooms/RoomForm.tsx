/**
 * A room's form, to create one or change it: building, number, monthly price in SAR, size,
 * type and description in both languages, features (the spec's list), availability and
 * occupancy rate. Once the room exists, its photos are managed under the form.
 */
import { MultiSelect, NumberInput, Select, Switch, TextInput } from '@mantine/core'
import { ROOM_FEATURES, type AdminRoom, type RoomFeature, type RoomWrite } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { BilingualFields } from '../../components/forms/BilingualFields'
import { CatalogFormPage } from '../../components/forms/CatalogFormPage'
import {
  optionalNumber,
  optionalText,
  useCatalogForm,
} from '../../components/forms/use-catalog-form'
import { PhotoManager } from '../../components/office/PhotoManager'
import { RecordActions } from '../../components/office/RecordActions'
import { useBuildingChoices } from '../../components/office/use-building-choices'

interface Values {
  buildingId: string | null
  roomNumber: string
  price: number | string
  size: number | string
  type_en: string
  type_ar: string
  features: RoomFeature[]
  description_en: string
  description_ar: string
  availability: boolean
  occupancyRate: number | string
}

const EMPTY: Values = {
  buildingId: null,
  roomNumber: '',
  price: '',
  size: '',
  type_en: '',
  type_ar: '',
  features: [],
  description_en: '',
  description_ar: '',
  availability: true,
  occupancyRate: 0,
}

const toValues = (room: AdminRoom): Values => ({
  buildingId: String(room.buildingId),
  roomNumber: room.roomNumber,
  price: room.price,
  size: room.size,
  type_en: room.type_en ?? '',
  type_ar: room.type_ar ?? '',
  features: room.features,
  description_en: room.description_en,
  description_ar: room.description_ar,
  availability: room.availability,
  occupancyRate: room.occupancyRate,
})

const toPayload = (values: Values): Partial<RoomWrite> => ({
  ...values,
  buildingId: values.buildingId ? Number(values.buildingId) : undefined,
  price: optionalNumber(values.price),
  size: optionalNumber(values.size),
  occupancyRate: optionalNumber(values.occupancyRate),
  type_en: optionalText(values.type_en),
  type_ar: optionalText(values.type_ar),
})

export function RoomForm({ action }: { action: 'create' | 'edit' }) {
  const { t } = useTranslation(['admin', 'common'])
  const navigate = useNavigate()
  const buildings = useBuildingChoices()
  const catalog = useCatalogForm<Values, AdminRoom>('rooms', action, {
    initialValues: EMPTY,
    toValues,
    toPayload,
    /* A new room goes on to its edit page, where its photos are added. */
    onSaved: (room) =>
      void navigate(
        action === 'create' ? `/admin/rooms/${room.id}/edit` : `/admin/rooms/${room.id}`
      ),
  })
  const { record, field } = catalog

  return (
    <CatalogFormPage
      form={catalog}
      after={
        record ? (
          <>
            <PhotoManager key={record.id} room={record} />
            <RecordActions
              resource="rooms"
              id={record.id}
              archived={record.archivedAt !== null}
              listPath={catalog.listPath}
            />
          </>
        ) : (
          action === 'create' && <p className="muted">{t('office.photos.saveFirst')}</p>
        )
      }
    >
      <div className="office-form-grid">
        <Select
          required
          searchable
          label={t('office.rooms.building')}
          data={buildings}
          {...catalog.form.getInputProps('buildingId')}
          data-testid="room-building"
        />
        <TextInput required maxLength={20} dir="ltr" {...field('roomNumber')} />
        <NumberInput required min={1} decimalScale={2} {...field('price')} />
        <NumberInput required min={1} decimalScale={1} {...field('size')} />
        <BilingualFields name="type" field={field} />
        <MultiSelect
          data={ROOM_FEATURES.map((feature) => ({
            value: feature,
            label: t(`common:features.${feature}`),
          }))}
          {...field('features')}
        />
        <NumberInput min={0} max={100} {...field('occupancyRate')} />
      </div>
      <BilingualFields name="description" field={field} required multiline />
      <Switch {...field('availability', 'checkbox')} />
    </CatalogFormPage>
  )
}
