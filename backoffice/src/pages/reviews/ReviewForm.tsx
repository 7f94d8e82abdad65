/** A review's form, to add one or change it: rating, comment, author and title in both languages, featured. */
import { Input, Rating, Switch } from '@mantine/core'
import type { AdminReview, ReviewWrite } from '@sakan/common'
import { BilingualFields } from '../../components/forms/BilingualFields'
import { CatalogFormPage } from '../../components/forms/CatalogFormPage'
import { optionalText, useCatalogForm } from '../../components/forms/use-catalog-form'
import { AvatarPicker } from '../../components/office/AvatarPicker'
import { RecordActions } from '../../components/office/RecordActions'

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
  title_en: optionalText(values.title_en),
  title_ar: optionalText(values.title_ar),
})

export function ReviewForm({ action }: { action: 'create' | 'edit' }) {
  const catalog = useCatalogForm<Values, AdminReview>('reviews', action, {
    initialValues: EMPTY,
    toValues,
    toPayload,
  })
  const { record, field } = catalog
  const { label, ...rating } = field('rating')

  return (
    <CatalogFormPage
      form={catalog}
      after={
        record && (
          <>
            <AvatarPicker key={record.id} review={record} />
            <RecordActions
              resource="reviews"
              id={record.id}
              archived={false}
              archivable={false}
              listPath={catalog.listPath}
            />
          </>
        )
      }
    >
      <Input.Wrapper label={label} error={rating.error}>
        <Rating {...rating} aria-label={label} />
      </Input.Wrapper>
      <div className="office-form-grid">
        <BilingualFields name="fullName" field={field} required />
        <BilingualFields name="title" field={field} />
      </div>
      <BilingualFields name="comment" field={field} required multiline />
      <Switch {...field('featured', 'checkbox')} />
    </CatalogFormPage>
  )
}
