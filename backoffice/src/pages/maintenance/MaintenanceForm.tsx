/**
 * The maintenance request form (spec §5): title, description (10 characters or more),
 * category, priority (medium by default), one of her approved rooms — which sets its
 * building — and up to three photos. Sent as multipart to `POST /api/maintenance-requests`
 * with the upload's progress; a refusal keeps what she entered and says why in a toast.
 */
import { Select, TextInput, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core'
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  type MaintenanceRequest,
} from '@sakan/common'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PendingButton } from '../../components/auth/PendingButton'
import { Icon, icons } from '@sakan/common/ui/Icon'
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
import { isApiError } from '../../providers/http'
import { useLanguage } from '../../providers/use-language'
import { UploadProgress } from '../../components/applications/UploadProgress'
import { PhotoPicker } from './PhotoPicker'

const MAX_TITLE_LENGTH = 120
const MAX_DESCRIPTION_LENGTH = 2000
const SERVER_FIELDS = [...Object.keys(MAINTENANCE_MESSAGES), 'photos'] as const

interface MaintenanceFormProps {
  rooms: ReportableRoom[]
  onSent: (request: MaintenanceRequest) => void
}

export function MaintenanceForm({ rooms, onSent }: MaintenanceFormProps) {
  const { t } = useTranslation('account')
  const lang = useLanguage()
  const invalidate = useInvalidate()
  const [progress, setProgress] = useState(0)

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

  const { mutate, mutation } = useCustomMutation<MaintenanceRequest, HttpError, FormData>()
  const sending = mutation.isPending

  const submit = (values: MaintenanceValues) => {
    const body = new FormData()
    body.set('title', values.title.trim())
    body.set('description', values.description.trim())
    body.set('category', values.category)
    body.set('priority', values.priority)
    body.set('roomId', String(values.roomId))
    body.set('buildingId', String(values.buildingId))
    for (const photo of values.photos) body.append('photos', photo)
    setProgress(0)
    mutate(
      {
        url: '/api/maintenance-requests',
        method: 'post',
        values: body,
        meta: { onProgress: setProgress },
        // Spec §7: the success card and a toast.
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
          description: (isApiError(error) && error.serverMessage) || t('maintenance.failure.text'),
        }),
      },
      {
        onSuccess: async ({ data }) => {
          await invalidate({ resource: 'maintenance-requests', invalidates: ['list'] })
          form.reset()
          onSent(data)
        },
        onError: (error) => {
          const fields = (isApiError(error) && error.errors) || {}
          const errors: Record<string, string> = {}
          for (const name of SERVER_FIELDS) {
            // A photo's error may name its place in the list (`photos.1`).
            const key = Object.keys(fields).find((field) => field.split('.')[0] === name)
            const message = key ? fields[key]?.[0] : undefined
            if (message) errors[name] = message
          }
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

  return (
    <form
      noValidate
      className="apply-form maintenance-form"
      aria-busy={sending || undefined}
      data-testid="maintenance-form"
      onSubmit={form.onSubmit(submit, () => {
        // Take her to the first field to fix.
        document.querySelector<HTMLElement>('.maintenance-form [aria-invalid="true"]')?.focus()
      })}
    >
      <TextInput
        label={t('maintenance.form.title')}
        placeholder={t('maintenance.form.titlePlaceholder')}
        withAsterisk
        size="md"
        maxLength={MAX_TITLE_LENGTH}
        disabled={sending}
        {...form.getInputProps('title')}
      />
      <Textarea
        label={t('maintenance.form.description')}
        placeholder={t('maintenance.form.descriptionPlaceholder')}
        withAsterisk
        size="md"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={MAX_DESCRIPTION_LENGTH}
        disabled={sending}
        {...form.getInputProps('description')}
      />
      <Select
        label={t('maintenance.form.room')}
        placeholder={t('maintenance.form.roomPlaceholder')}
        withAsterisk
        size="md"
        data={roomChoices}
        allowDeselect={false}
        disabled={sending}
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
        <Select
          label={t('maintenance.form.category')}
          placeholder={t('maintenance.form.categoryPlaceholder')}
          withAsterisk
          size="md"
          allowDeselect={false}
          data={MAINTENANCE_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
          disabled={sending}
          {...form.getInputProps('category')}
          value={form.values.category || null}
          data-testid="maintenance-category"
        />
        <Select
          label={t('maintenance.form.priority')}
          withAsterisk
          size="md"
          allowDeselect={false}
          data={MAINTENANCE_PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) }))}
          disabled={sending}
          {...form.getInputProps('priority')}
          value={form.values.priority || null}
          data-testid="maintenance-priority"
        />
      </div>
      <PhotoPicker
        value={form.values.photos}
        onChange={(files) => form.setFieldValue('photos', files)}
        error={form.errors.photos as string | undefined}
        disabled={sending}
      />

      {sending && form.values.photos.length > 0 && <UploadProgress fraction={progress} />}

      <PendingButton
        type="submit"
        size="md"
        fullWidth
        pending={sending}
        pendingLabel={t('maintenance.form.submitting')}
        leftSection={<Icon icon={icons.check} />}
        data-testid="submit-maintenance"
      >
        {t('maintenance.form.submit')}
      </PendingButton>
    </form>
  )
}
