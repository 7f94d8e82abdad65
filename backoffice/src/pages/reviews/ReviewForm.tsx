/** A review's form, to add one or change it: rating, comment, author and title in both languages, featured. */
import { Input, Rating, Switch, Textarea, TextInput } from '@mantine/core'
import type { AdminReview, ReviewWrite } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { AvatarPicker } from '../../components/office/AvatarPicker'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { OfficeForm, RecordError } from '../../components/office/OfficeForm'
import { RecordActions } from '../../components/office/RecordActions'
import { useOfficeForm } from '../../components/office/use-office-form'
import { READ_PATHS } from '../../config/resources'

interface Values {
  rating: number
  comment_en: string
  comment_ar: string
  fullName_en: string
  fullName_ar: string
  title_en: string
  title_ar: string
  featured: boolean
}

const EMPTY: Values = {
  rating: 5,
  comment_en: '',
  comment_ar: '',
  fullName_en: '',
  fullName_ar: '',
  title_en: '',
  title_ar: '',
  featured: false,
}

const toValues = (review: AdminReview): Values => ({
  rating: review.rating,
  comment_en: review.comment_en,
  comment_ar: review.comment_ar,
  fullName_en: review.user.fullName_en,
  fullName_ar: review.user.fullName_ar,
  title_en: review.user.title_en ?? '',
  title_ar: review.user.title_ar ?? '',
  featured: review.featured,
})

const toPayload = (values: Values): ReviewWrite => ({
  ...values,
  title_en: values.title_en.trim() || null,
  title_ar: values.title_ar.trim() || null,
})

export function ReviewForm({ action }: { action: 'create' | 'edit' }) {
  const { t } = useTranslation('admin')
  const navigate = useNavigate()
  const { id } = useParams()
  const { form, submit, record, failed, saving, loading } = useOfficeForm<Values, AdminReview>({
    resource: 'reviews',
    action,
    id,
    readPath: READ_PATHS.reviews,
    initialValues: EMPTY,
    toValues,
    toPayload,
    onSaved: () => void navigate('/admin/reviews'),
  })
  const title = action === 'create' ? t('office.reviews.create') : t('office.reviews.edit')
  const label = (field: string) => t(`office.reviews.${field}`)
  if (failed) return <RecordError title={title} />
  return (
    <OfficeFrame title={title}>
      <OfficeForm onSubmit={submit} loading={loading} saving={saving} cancelTo="/admin/reviews">
        <Input.Wrapper label={label('rating')} error={form.errors.rating}>
          <Rating {...form.getInputProps('rating')} aria-label={label('rating')} />
        </Input.Wrapper>
        <div className="office-form-grid">
          <TextInput
            required
            label={label('fullName_en')}
            dir="ltr"
            {...form.getInputProps('fullName_en')}
          />
          <TextInput
            required
            label={label('fullName_ar')}
            dir="rtl"
            {...form.getInputProps('fullName_ar')}
          />
          <TextInput label={label('title_en')} dir="ltr" {...form.getInputProps('title_en')} />
          <TextInput label={label('title_ar')} dir="rtl" {...form.getInputProps('title_ar')} />
        </div>
        <Textarea
          required
          autosize
          minRows={3}
          label={label('comment_en')}
          dir="ltr"
          {...form.getInputProps('comment_en')}
        />
        <Textarea
          required
          autosize
          minRows={3}
          label={label('comment_ar')}
          dir="rtl"
          {...form.getInputProps('comment_ar')}
        />
        <Switch
          label={label('featured')}
          {...form.getInputProps('featured', { type: 'checkbox' })}
        />
      </OfficeForm>
      {record && <AvatarPicker key={record.id} review={record} />}
      {record && (
        <RecordActions
          resource="reviews"
          id={record.id}
          archived={false}
          archivable={false}
          listPath="/admin/reviews"
        />
      )}
    </OfficeFrame>
  )
}
