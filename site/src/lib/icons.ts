/** The drawing for each building amenity and room feature, from the shared icons. */
import { icons, type IconDrawing } from '@sakan/common/ui/Icon'

export const AMENITY_ICONS: Record<string, IconDrawing> = {
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
