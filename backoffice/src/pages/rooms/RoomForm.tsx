/**
 * A room's form, to create one or change it: building, number, monthly price in SAR, size,
 * type and description in both languages, features (the spec's list), availability and
 * occupancy rate. Once the room exists, its photos are managed under the form.
 */
import { MultiSelect, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core'
import { ROOM_FEATURES, type AdminRoom, type RoomFeature, type RoomWrite } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { OfficeForm, RecordError } from '../../components/office/OfficeForm'
import { PhotoManager } from '../../components/office/PhotoManager'
import { RecordActions } from '../../components/office/RecordActions'
import { useOfficeForm } from '../../components/office/use-office-form'
import { READ_PATHS } from '../../config/resources'
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

const number = (value: number | string) => (value === '' ? undefined : Number(value))

const toPayload = (values: Values): Partial<RoomWrite> => ({
  ...values,
  buildingId: values.buildingId ? Number(values.buildingId) : undefined,
  price: number(values.price),
  size: number(values.size),
  occupancyRate: number(values.occupancyRate),
  type_en: values.type_en.trim() || null,
  type_ar: values.type_ar.trim() || null,
})

export function RoomForm({ action }: { action: 'create' | 'edit' }) {
  const { t } = useTranslation(['admin', 'common'])
  const navigate = useNavigate()
  const { id } = useParams()
  const buildings = useBuildingChoices()
  const { form, submit, record, failed, saving, loading } = useOfficeForm<Values, AdminRoom>({
    resource: 'rooms',
    action,
    id,
    readPath: READ_PATHS.rooms,
    initialValues: EMPTY,
    toValues,
    toPayload,
    /* A new room goes on to its edit page, where its photos are added. */
    onSaved: (room) =>
      void navigate(
        action === 'create' ? `/admin/rooms/${room.id}/edit` : `/admin/rooms/${room.id}`
      ),
  })
  const title = action === 'create' ? t('office.rooms.create') : t('office.rooms.edit')
  const label = (field: string) => t(`office.rooms.${field}`)

  if (failed) return <RecordError title={title} />
  return (
    <OfficeFrame title={title}>
      <OfficeForm onSubmit={submit} loading={loading} saving={saving} cancelTo="/admin/rooms">
        <div className="office-form-grid">
          <Select
            required
            searchable
            label={label('building')}
            data={buildings}
            {...form.getInputProps('buildingId')}
            data-testid="room-building"
          />
          <TextInput
            required
            label={label('roomNumber')}
            maxLength={20}
            dir="ltr"
            {...form.getInputProps('roomNumber')}
          />
          <NumberInput
            required
            label={label('price')}
            min={1}
            decimalScale={2}
            {...form.getInputProps('price')}
          />
          <NumberInput
            required
            label={label('size')}
            min={1}
            decimalScale={1}
            {...form.getInputProps('size')}
          />
          <TextInput label={label('type_en')} dir="ltr" {...form.getInputProps('type_en')} />
          <TextInput label={label('type_ar')} dir="rtl" {...form.getInputProps('type_ar')} />
          <MultiSelect
            label={label('features')}
            data={ROOM_FEATURES.map((feature) => ({
              value: feature,
              label: t(`common:features.${feature}`),
            }))}
            {...form.getInputProps('features')}
          />
          <NumberInput
            label={label('occupancyRate')}
            min={0}
            max={100}
            {...form.getInputProps('occupancyRate')}
          />
        </div>
        <Textarea
          required
          autosize
          minRows={3}
          label={label('description_en')}
          dir="ltr"
          {...form.getInputProps('description_en')}
        />
        <Textarea
          required
          autosize
          minRows={3}
          label={label('description_ar')}
          dir="rtl"
          {...form.getInputProps('description_ar')}
        />
        <Switch
          label={label('availability')}
          {...form.getInputProps('availability', { type: 'checkbox' })}
        />
      </OfficeForm>
      {record ? (
        <>
          <PhotoManager key={record.id} room={record} />
          <RecordActions
            resource="rooms"
            id={record.id}
            archived={record.archivedAt !== null}
            listPath="/admin/rooms"
          />
        </>
      ) : (
        action === 'create' && <p className="muted">{t('office.photos.saveFirst')}</p>
      )}
    </OfficeFrame>
  )
}
