/**
 * What the application, payment and maintenance lists answer (spec §3; the API's
 * transformers), and the fallbacks the back office shows for missing parts (spec §2).
 */
import {
  localizeDigits,
  type ApplicationStatus,
  type Locale,
  type MaintenanceCategory,
  type MaintenancePriority,
  type MaintenanceStatus,
  type PaymentStatus,
} from '@sakan/common'
import { getLanguage } from '../providers/i18n-state'
import { localized } from './room'

export interface BuildingName {
  id: number
  name: string | null
  name_en?: string | null
  name_ar?: string | null
}

export interface Application {
  id: number
  status: ApplicationStatus
  createdAt: string
  moveInDate: string
  additionalInfo: string | null
  /** The document's key, served by `GET /api/images/{key}`. */
  idDocument: string | null
  idDocumentType: string | null
  reviewedAt: string | null
  roomId: number
  user: {
    id: number
    fullName: string | null
    email: string
    phone: string | null
    /** Whether Firebase has verified her address (absent from an API that predates it). */
    emailVerified?: boolean
  } | null
  room: {
    id: number
    roomNumber: string
    price: number
    building: BuildingName | null
  } | null
}

export interface ApplicationEvent {
  id: number
  action: 'application.approved' | 'application.rejected' | 'application.deleted' | string
  actorId: number | null
  details: Record<string, unknown> | null
  createdAt: string
}

export interface ApplicationDetail extends Application {
  history: ApplicationEvent[]
}

export interface Payment {
  id: number
  amount: number
  currency: string
  paymentMethod: string
  monthCovered: string
  paymentReference: string | null
  paymentStatus: PaymentStatus
  paymentDate: string | null
  createdAt: string
  room: { id: number; roomNumber: string; building: BuildingName | null } | null
}

export interface MaintenanceRequest {
  id: number
  title: string
  description: string
  category: MaintenanceCategory
  priority: MaintenancePriority
  status: MaintenanceStatus
  createdAt: string
  user: { id: number; fullName: string | null } | null
  room: { id: number; roomNumber: string } | null
  building: BuildingName | null
}

/** Spec §2's fallbacks: 'N/A' for a room number, 'Property Name Unavailable' for a building. */
export interface Fallbacks {
  roomNumber: string
  buildingName: string
}

/** The room's number as the page writes numbers (Arabic-Indic digits in Arabic), or the fallback. */
export function roomNumberOf(
  room: { roomNumber?: string | null } | null | undefined,
  fallbacks: Fallbacks
): string {
  const roomNumber = room?.roomNumber?.trim()
  return roomNumber ? localizeDigits(roomNumber, getLanguage()) : fallbacks.roomNumber
}

export function buildingNameOf(
  building: BuildingName | null | undefined,
  lang: Locale,
  fallbacks: Fallbacks
): string {
  return localized(building, 'name', lang) ?? fallbacks.buildingName
}

/** The decision an audit event records, when it is one. */
export function decisionOf(
  event: Pick<ApplicationEvent, 'action'>
): 'approved' | 'rejected' | 'deleted' | null {
  const match = /^application\.(approved|rejected|deleted)$/.exec(event.action)
  return (match?.[1] as 'approved' | 'rejected' | 'deleted' | undefined) ?? null
}
