import { useSelect } from '@refinedev/core'
import type { AdminBuilding } from '@sakan/common'
import { READ_PATHS } from '../../config/resources'
import { useLanguage } from '../../providers/use-language'

/** The buildings as choices (name in her language), for filters and the room form. */
export function useBuildingChoices() {
  const lang = useLanguage()
  const { options } = useSelect<AdminBuilding>({
    resource: 'buildings',
    meta: { readPath: READ_PATHS.buildings },
    optionLabel: (building) => (lang === 'ar' ? building.name_ar : building.name_en),
    optionValue: (building) => String(building.id),
    sorters: [{ field: lang === 'ar' ? 'name_ar' : 'name_en', order: 'asc' }],
    pagination: { pageSize: 100 },
    errorNotification: false,
  })
  return options
}
