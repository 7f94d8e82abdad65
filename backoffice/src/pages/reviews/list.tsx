/** `/admin/reviews`: the residents' reviews, with search and the featured filter. */
import { localizeDigits, type AdminReview } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { BooleanFilter, SearchFilter } from '../../components/office/Filters'
import { CreateLink, OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/lists/ResourceTable'
import {
  idColumn,
  linkColumn,
  textColumn,
  useOfficeTable,
} from '../../components/lists/office-table'
import { useLanguage } from '../../providers/use-language'
import { icons } from '@sakan/common/ui/Icon'

export default function ReviewListPage() {
  const { t } = useTranslation('admin')
  const lang = useLanguage()
  const table = useOfficeTable<AdminReview>('reviews', { sort: 'id' })
  const label = (field: string) => t(`office.reviews.${field}`)
  const columns: Column<AdminReview>[] = [
    idColumn(lang),
    linkColumn(
      'author',
      label('author'),
      (row) => `/admin/reviews/${row.id}/edit`,
      (row) => (lang === 'ar' ? row.user.fullName_ar : row.user.fullName_en)
    ),
    textColumn(
      'rating',
      label('rating'),
      (row) => `${localizeDigits(row.rating, lang)} / ${localizeDigits(5, lang)}`,
      'rating'
    ),
    textColumn('comment', lang === 'ar' ? label('comment_ar') : label('comment_en'), (row) => (
      <span className="clamp-2">{lang === 'ar' ? row.comment_ar : row.comment_en}</span>
    )),
    textColumn('featured', label('featured'), (row) =>
      row.featured ? t('office.common.yes') : t('office.common.no')
    ),
  ]
  return (
    <OfficeFrame
      title={t('office.reviews.title')}
      actions={<CreateLink resource="reviews" label={t('office.reviews.create')} />}
    >
      <ResourceTable
        table={table}
        columns={columns}
        caption={t('office.reviews.title')}
        icon={icons.star}
        testId="reviews-table"
        toolbar={
          <>
            <SearchFilter table={table} />
            <BooleanFilter table={table} field="featured" label={label('featured')} />
          </>
        }
      />
    </OfficeFrame>
  )
}
