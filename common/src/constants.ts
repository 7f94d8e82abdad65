/** The product's business constants. */

export const CURRENCY = 'SAR'
export const HALALAS_PER_RIYAL = 100

/** Quick-search price bands on the home page; `max: null` means no upper bound. */
export const PRICE_BANDS = {
  budget: { min: 0, max: 1000 },
  midrange: { min: 1000, max: 2000 },
  premium: { min: 2000, max: 3000 },
  luxury: { min: 3000, max: null },
} as const
export type PriceBand = keyof typeof PRICE_BANDS

/** The listing's price slider, in SAR. */
export const PRICE_SLIDER = { min: 500, max: 3500, step: 100 } as const

export const RENT_DUE_DAY = 1
export const LATE_FEE_GRACE_DAYS = 5
export const DEPOSIT_MONTHS = 1
export const APPLICATION_RESPONSE_HOURS = 48
export const QUIET_HOURS = { from: '22:00', to: '06:00' } as const
export const VISITORS_UNTIL = '21:00'

/** How many months the payment screen offers, starting with the current one. */
export const PAYMENT_MONTHS_OFFERED = 12
export const DEFAULT_MOVE_IN_OFFSET_DAYS = 7

export const MIN_PASSWORD_LENGTH = 6
export const MIN_FULL_NAME_LENGTH = 2
export const MIN_MAINTENANCE_DESCRIPTION_LENGTH = 10

export const ID_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number]
export const ID_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024

/** Photos a maintenance request may carry, recognised by their bytes. */
export const MAINTENANCE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type MaintenancePhotoType = (typeof MAINTENANCE_PHOTO_TYPES)[number]
export const MAINTENANCE_PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const MAINTENANCE_MAX_PHOTOS = 3

/** A room's photos (the back office): same types, checked by their bytes, at least 640 px wide. */
export const ROOM_PHOTO_TYPES = MAINTENANCE_PHOTO_TYPES
export const ROOM_PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const ROOM_PHOTO_MIN_WIDTH = 640
export const ROOM_MAX_PHOTOS = 12
export const ROOM_PHOTOS_PER_UPLOAD = 6

export const HOME_FEATURED_ROOMS = 3
export const CARD_AMENITY_CHIPS = 3
export const ADMIN_ROOM_FEATURE_BADGES = 4

export const DEFAULT_OCCUPANCY_RATE = 50
/** A card shows the "remaining" badge when its room's occupancy rate is above this. */
export const REMAINING_BADGE_THRESHOLD = 70

/** Without paging parameters, a room listing returns at most this many rooms. */
export const ROOM_LIST_DEFAULT_LIMIT = 48

export const SKELETONS = { listingCards: 6, adminRows: 5, maintenanceCards: 6 } as const

export const MAP_DEFAULT_ZOOM = 15
export const MAP_MIN_HEIGHT_PX = 250
export const HEADER_SHADOW_SCROLL_PX = 50
export const SPLASH_MS = 800

export const TOAST = { durationMs: 5000, swipeThresholdPx: 50, hotkey: 'F8' } as const

/** Riyadh keeps UTC+3 all year (no daylight saving). */
export const RIYADH_TIME_ZONE = 'Asia/Riyadh'
export const RIYADH_UTC_OFFSET_MINUTES = 180
