/** The drawing for each building amenity and room feature, from the shared icons. */
import type { Locale } from '@sakan/common'
import { icons, type IconDrawing } from '@sakan/common/ui/Icon'

const AMENITY_ICONS: Record<string, IconDrawing> = {
  privateRestroom: icons.bath,
  transportation: icons.bus,
  wifi: icons.wifi,
  laundry: icons.laundry,
  sharedKitchen: icons.kitchen,
  studyArea: icons.book,
  commonArea: icons.sofa,
  security: icons.shield,
  femaleOnly: icons.female,
  singleBed: icons.bed,
  desk: icons.desk,
  ac: icons.snowflake,
  wardrobe: icons.wardrobe,
}

/** The drawing of an amenity or a feature; a check mark for one without its own. */
export const amenityIcon = (name: string): IconDrawing => AMENITY_ICONS[name] ?? icons.check

/** The props of a component listing a room's features or its building's amenities. */
export interface AmenityListProps {
  lang: Locale
  kind: 'amenities' | 'features'
  items: readonly string[]
}
