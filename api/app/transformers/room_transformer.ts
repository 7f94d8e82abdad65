import type * as Api from '@sakan/common'
import type { Locale } from '@sakan/common'
import type Building from '#models/building'
import type Room from '#models/room'
import type RoomPhoto from '#models/room_photo'
import type Review from '#models/review'
import { bilingual, calendarDate, instant } from '#transformers/helpers'
import { PHOTO_FORMATS, SOURCE_EXTENSIONS, type PhotoExtension } from '#config/photo_formats'

/**
 * Public URL of a media-disk image of a given width and format (`rooms/room-03`, 640 →
 * `/media/rooms/room-03-640.jpg`).
 */
export function mediaUrl(key: string, width: number, extension: PhotoExtension = 'jpg'): string {
  return `/media/${key}-${width}.${extension}`
}

/** The sizes every catalogue photo is stored in; the largest is the photo's own size. */
export const PHOTO_WIDTHS = [640, 1280] as const

/** A photo's `<source>`s: its formats beside the JPEG, in the order a `<picture>` offers them. */
export const PHOTO_SOURCES = SOURCE_EXTENSIONS.map((extension) => ({
  extension,
  type: PHOTO_FORMATS[extension].type,
}))

function image(photo: RoomPhoto): Api.RoomImage {
  const widths = PHOTO_WIDTHS.filter((width) => width <= photo.width)
  const largest = widths.at(-1) ?? photo.width
  const srcset = (extension: PhotoExtension) =>
    widths.map((width) => `${mediaUrl(photo.key, width, extension)} ${width}w`).join(', ')
  return {
    src: mediaUrl(photo.key, largest),
    srcset: srcset('jpg'),
    width: photo.width,
    height: photo.height,
    sources: PHOTO_SOURCES.map(({ type, extension }) => ({ type, srcset: srcset(extension) })),
  }
}

export function serializeBuilding(building: Building, locale: Locale): Api.Building {
  return {
    id: building.id,
    ...bilingual('name', building.nameEn, building.nameAr, locale),
    ...bilingual('address', building.addressEn, building.addressAr, locale),
    zone: building.zone,
    amenities: building.amenities,
    latitude: building.latitude,
    longitude: building.longitude,
    isFullyManaged: building.isFullyManaged,
  }
}

/** A room in the contract's shape, with its building nested (callers preload it); money in SAR. */
export function serializeRoom(room: Room, locale: Locale): Api.Room {
  const images = (room.photos ?? []).map(image)
  return {
    id: room.id,
    roomNumber: room.roomNumber,
    price: room.price,
    currency: 'SAR',
    createdAt: instant(room.createdAt),
    photos: images.map((item) => item.src),
    images,
    ...bilingual('description', room.descriptionEn, room.descriptionAr, locale),
    features: room.features,
    size: room.sizeM2,
    ...bilingual('type', room.typeEn, room.typeAr, locale),
    availability: room.availability,
    /* Only while the room is taken: an available room is free now. */
    availableFrom:
      !room.availability && room.availableFrom ? calendarDate(room.availableFrom) : null,
    occupancyRate: room.occupancyRate,
    buildingId: room.buildingId,
    building: serializeBuilding(room.building, locale),
  }
}

export function serializeReview(review: Review, locale: Locale): Api.Review {
  return {
    id: review.id,
    rating: review.rating,
    ...bilingual('comment', review.commentEn, review.commentAr, locale),
    user: {
      avatar: review.avatarKey ? mediaUrl(review.avatarKey, 160) : null,
      ...bilingual('fullName', review.authorNameEn, review.authorNameAr, locale),
      ...bilingual('title', review.authorTitleEn, review.authorTitleAr, locale),
    },
  }
}

/* ── The back office's views ───────────────────────────────────────────────────────────── */

/** A building as the administrator manages it; `roomCount` from `withCount('rooms')`. */
export function serializeAdminBuilding(building: Building, locale: Locale): Api.AdminBuilding {
  return {
    ...serializeBuilding(building, locale),
    archivedAt: building.archivedAt ? instant(building.archivedAt) : null,
    roomCount: Number(building.$extras.rooms_count ?? 0),
    createdAt: instant(building.createdAt),
    updatedAt: instant(building.updatedAt),
  }
}

/** A room with its photos' ids and places, archived or not. */
export function serializeAdminRoom(room: Room, locale: Locale): Api.AdminRoom {
  return {
    ...serializeRoom(room, locale),
    archivedAt: room.archivedAt ? instant(room.archivedAt) : null,
    updatedAt: instant(room.updatedAt),
    gallery: (room.photos ?? []).map((photo) => ({
      id: photo.id,
      position: photo.position,
      ...image(photo),
    })),
  }
}

export function serializeAdminReview(review: Review, locale: Locale): Api.AdminReview {
  return {
    ...serializeReview(review, locale),
    featured: review.featured,
    createdAt: instant(review.createdAt),
    updatedAt: instant(review.updatedAt),
  }
}
