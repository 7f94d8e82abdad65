/**
 * The maintenance request form: title, description (10 characters or more),
 * category, priority (medium by default), one of her approved rooms — which sets its
 * building — and up to three photos. Sent as multipart to `POST /api/maintenance-requests`
 * with the upload's progress; a refusal keeps what she entered and says why in a toast.
 */
import { Select, TextInput, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useInvalidate } from '@refinedev/core'
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  type MaintenanceRequest,
} from '@sakan/common'
import { focusFirstInvalid, serverFieldErrors } from '../../components/forms/field-errors'
import { useMultipartPost } from '../../components/forms/use-multipart-post'
import { UploadSubmit } from '../../components/forms/UploadSubmit'
import { buildingNameOf } from '../../lib/applications'
import {
  INITIAL_MAINTENANCE_VALUES,
  MAINTENANCE_MESSAGES,
  buildingOfRoom,
  maintenanceProblems,
  photosProblem,
  type MaintenanceField,
  type MaintenanceValues,
  type ReportableRoom,
} from '../../lib/maintenance'
import { serverMessageOr } from '../../lib/refusals'
import { useTexts } from '../../providers/use-language'
import { PhotoPicker } from './PhotoPicker'

const MAX_TITLE_LENGTH = 120
const MAX_DESCRIPTION_LENGTH = 2000
const SERVER_FIELDS = [...Object.keys(MAINTENANCE_MESSAGES), 'photos'] as const
/** The request's two choices from the spec's lists; the priority has a default, so no placeholder. */
const CHOICES = [
  { name: 'category', values: MAINTENANCE_CATEGORIES, placeholder: true },
  { name: 'priority', values: MAINTENANCE_PRIORITIES, placeholder: false },
] as const

interface MaintenanceFormProps {
  rooms: ReportableRoom[]
  onSent: (request: MaintenanceRequest) => void
}

export function MaintenanceForm({ rooms, onSent }: MaintenanceFormProps) {
  const { t, lang } = useTexts('account')
  const invalidate = useInvalidate()

  const ruleOf = (field: MaintenanceField) => (_: unknown, values: MaintenanceValues) =>
    maintenanceProblems(values).includes(field) ? t(MAINTENANCE_MESSAGES[field]) : null

  const form = useForm<MaintenanceValues>({
    mode: 'controlled',
    initialValues: INITIAL_MAINTENANCE_VALUES,
    validateInputOnChange: ['photos'],
    validate: {
      title: ruleOf('title'),
      description: ruleOf('description'),
      category: ruleOf('category'),
      priority: ruleOf('priority'),
      roomId: ruleOf('roomId'),
      buildingId: ruleOf('buildingId'),
      photos: (files) => {
        const problem = photosProblem(files)
        return problem && t(`maintenance.validation.photos.${problem}`)
      },
    },
  })

  const { post, progress, sending } = useMultipartPost<MaintenanceRequest>(
    '/api/maintenance-requests'
  )

  const submit = (values: MaintenanceValues) => {
    const body = new FormData()
    body.set('title', values.title.trim())
    body.set('description', values.description.trim())
    body.set('category', values.category)
    body.set('priority', values.priority)
    body.set('roomId', String(values.roomId))
    body.set('buildingId', String(values.buildingId))
    for (const photo of values.photos) body.append('photos', photo)
    post(
      body,
      {
        // The success card and a toast.
        successNotification: (response) => ({
          key: 'maintenance-submitted',
          type: 'success',
          message: t('maintenance.success.toastTitle'),
          description: t('maintenance.success.toastText', {
            title: response?.data.title ?? values.title.trim(),
          }),
        }),
        errorNotification: (error) => ({
          key: 'maintenance-failed',
          type: 'error',
          message: t('maintenance.failure.title'),
          description: serverMessageOr(error, t('maintenance.failure.text')),
        }),
      },
      {
        onSuccess: async ({ data }) => {
          await invalidate({ resource: 'maintenance-requests', invalidates: ['list'] })
          form.reset()
          onSent(data)
        },
        onError: (error) => {
          const errors = serverFieldErrors(error, SERVER_FIELDS)
          if (Object.keys(errors).length > 0) form.setErrors(errors)
        },
      }
    )
  }

  const roomChoices = rooms.map((room) => ({
    value: String(room.roomId),
    label: t('maintenance.form.roomOption', {
      number: room.roomNumber,
      building: buildingNameOf(room.building, lang, { roomNumber: '', buildingName: '' }),
    }),
  }))
  const roomError = form.errors.roomId ?? form.errors.buildingId
  /** A field's label and placeholder, and what every field here is: required, at rest while sending. */
  const labelled = (name: string, withPlaceholder = true) => ({
    label: t(`maintenance.form.${name}`),
    placeholder: withPlaceholder ? t(`maintenance.form.${name}Placeholder`) : undefined,
    withAsterisk: true,
    size: 'md' as const,
    disabled: sending,
  })

  return (
    <form
      noValidate
      className="apply-form maintenance-form"
      aria-busy={sending || undefined}
      data-testid="maintenance-form"
      onSubmit={form.onSubmit(submit, focusFirstInvalid)}
    >
      <TextInput
        {...labelled('title')}
        maxLength={MAX_TITLE_LENGTH}
        {...form.getInputProps('title')}
      />
      <Textarea
        {...labelled('description')}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={MAX_DESCRIPTION_LENGTH}
        {...form.getInputProps('description')}
      />
      <Select
        {...labelled('room')}
        data={roomChoices}
        allowDeselect={false}
        value={form.values.roomId ? String(form.values.roomId) : null}
        error={roomError}
        onChange={(value) => {
          const roomId = Number(value ?? 0)
          form.setValues({ roomId, buildingId: buildingOfRoom(rooms, roomId) })
          form.clearFieldError('roomId')
          form.clearFieldError('buildingId')
        }}
        data-testid="maintenance-room"
      />
      <div className="form-row">
        {CHOICES.map(({ name, values, placeholder }) => (
          <Select
            key={name}
            {...labelled(name, placeholder)}
            allowDeselect={false}
            data={values.map((value) => ({ value, label: t(`${name}.${value}`) }))}
            {...form.getInputProps(name)}
            value={form.values[name] || null}
            data-testid={`maintenance-${name}`}
          />
        ))}
      </div>
      <PhotoPicker
        value={form.values.photos}
        onChange={(files) => form.setFieldValue('photos', files)}
        error={form.errors.photos as string | undefined}
        disabled={sending}
      />

      <UploadSubmit
        sending={sending}
        progress={progress}
        withFiles={form.values.photos.length > 0}
        label={t('maintenance.form.submit')}
        pendingLabel={t('maintenance.form.submitting')}
        testId="submit-maintenance"
      />
    </form>
  )
}
