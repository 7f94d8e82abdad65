/** The drawing for each building amenity and room feature, from the shared icons. */
import type { IconName } from '@sakan/common/ui/Icon'

export type { IconName }

export const AMENITY_ICONS: Record<string, IconName> = {
  privateRestroom: 'bath',
  transportation: 'bus',
  wifi: 'wifi',
  laundry: 'laundry',
  sharedKitchen: 'kitchen',
  studyArea: 'book',
  commonArea: 'sofa',
  security: 'shield',
  femaleOnly: 'female',
  singleBed: 'bed',
  desk: 'desk',
  ac: 'snowflake',
  wardrobe: 'wardrobe',
}
