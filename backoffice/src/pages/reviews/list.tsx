/** `/admin/reviews`: the residents' reviews, with search and the featured filter. */
import { localizeDigits, type AdminReview } from '@sakan/common'
import { CreateLink } from '../../components/office/OfficeFrame'
import { OfficeListPage, useOfficeList } from '../../components/lists/OfficeListPage'
import type { Column } from '../../components/lists/ResourceTable'
import { idColumn, linkColumn, textColumn } from '../../components/lists/office-table'
import { icons } from '@sakan/common/ui/Icon'

export default function ReviewListPage() {
  const { t, lang, label, table } = useOfficeList<AdminReview>('reviews', { sort: 'id' })
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
    <OfficeListPage
      title={label('title')}
      actions={<CreateLink resource="reviews" label={t('office.reviews.create')} />}
      table={table}
      columns={columns}
      icon={icons.star}
      testId="reviews-table"
      filters={[
        { type: 'search' },
        { type: 'boolean', field: 'featured', label: label('featured') },
      ]}
    />
  )
}
