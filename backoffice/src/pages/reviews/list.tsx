/** `/admin/reviews`: the residents' reviews, with search and the featured filter. */
import { useTable } from '@refinedev/core'
import { localizeDigits, type AdminReview } from '@sakan/common'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ChoiceFilter, SearchFilter } from '../../components/office/Filters'
import { OfficeFrame } from '../../components/office/OfficeFrame'
import { ResourceTable, type Column } from '../../components/office/ResourceTable'
import { READ_PATHS } from '../../config/resources'
import { useLanguage } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'

export default function ReviewListPage() {
  const { t } = useTranslation('admin')
  const lang = useLanguage()
  const table = useTable<AdminReview>({
    resource: 'reviews',
    meta: { readPath: READ_PATHS.reviews },
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
    syncWithLocation: true,
    errorNotification: false,
  })
  const label = (field: string) => t(`office.reviews.${field}`)
  const columns: Column<AdminReview>[] = [
    { key: 'id', header: '#', sort: 'id', render: (row) => localizeDigits(row.id, lang) },
    {
      key: 'author',
      header: label('author'),
      render: (row) => (
        <Link to={`/admin/reviews/${row.id}/edit`}>
          <bdi>{lang === 'ar' ? row.user.fullName_ar : row.user.fullName_en}</bdi>
        </Link>
      ),
    },
    {
      key: 'rating',
      header: label('rating'),
      sort: 'rating',
      render: (row) => `${localizeDigits(row.rating, lang)} / ${localizeDigits(5, lang)}`,
    },
    {
      key: 'comment',
      header: lang === 'ar' ? label('comment_ar') : label('comment_en'),
      render: (row) => (
        <span className="clamp-2">{lang === 'ar' ? row.comment_ar : row.comment_en}</span>
      ),
    },
    {
      key: 'featured',
      header: label('featured'),
      render: (row) => (row.featured ? t('office.common.yes') : t('office.common.no')),
    },
  ]
  return (
    <OfficeFrame
      title={t('office.reviews.title')}
      actions={
        <Link className="btn btn-primary" to="/admin/reviews/create" data-testid="office-create">
          <Icon icon={icons.plus} />
          {t('office.reviews.create')}
        </Link>
      }
    >
      <ResourceTable
        table={table}
        columns={columns}
        caption={t('office.reviews.title')}
        icon={icons.star}
        testId="reviews-table"
        toolbar={
          <>
            <SearchFilter table={table} label={t('office.common.search')} />
            <ChoiceFilter
              table={table}
              field="featured"
              label={label('featured')}
              allLabel={t('office.common.all')}
              data={[
                { value: 'true', label: t('office.common.yes') },
                { value: 'false', label: t('office.common.no') },
              ]}
            />
          </>
        }
      />
    </OfficeFrame>
  )
}
