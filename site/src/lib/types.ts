/** The rooms API's JSON shapes (issue 3 contract; spec §3). */
import type { BuildingAmenity, RoomFeature, Zone } from '@sakan/common'

export interface RoomImage {
  src: string
  srcset?: string
  width?: number
  height?: number
}

export interface Building {
  id: number
  name: string
  name_en?: string
  name_ar?: string
  address: string
  address_en?: string
  address_ar?: string
  zone: Zone
  amenities: BuildingAmenity[]
  latitude: number
  longitude: number
  isFullyManaged: boolean
}

export interface Room {
  id: number
  roomNumber: string
  price: number
  currency?: string
  createdAt: string
  photos: string[]
  images?: RoomImage[]
  description: string
  description_en?: string
  description_ar?: string
  features: RoomFeature[]
  size: number
  type: string | null
  type_en?: string | null
  type_ar?: string | null
  availability: boolean
  occupancyRate?: number | null
  buildingId: number
  building: Building
}

export interface ReviewUser {
  avatar: string | null
  fullName: string
  fullName_en?: string
  fullName_ar?: string
  title?: string | null
  title_en?: string | null
  title_ar?: string | null
}

export interface Review {
  id: number
  rating: number
  comment: string
  comment_en?: string
  comment_ar?: string
  user: ReviewUser
}
