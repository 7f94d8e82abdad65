/**
 * What the back office shows of the application, payment and maintenance lists (their shapes
 * are the API contract's, in `@sakan/common`), and the fallbacks for missing parts.
 */
import {
  localizeDigits,
  type Application,
  type ApplicationEvent,
  type BuildingName,
  type Locale,
} from '@sakan/common'
import { localized } from './room'

export type {
  Application,
  ApplicationDetail,
  ApplicationEvent,
  BuildingName,
  MaintenanceRequest,
  Payment,
} from '@sakan/common'

/** The fallbacks: 'N/A' for a room number, 'Property Name Unavailable' for a building. */
export interface Fallbacks {
  roomNumber: string
  buildingName: string
}

/**
 * The room's number as printed, or the fallback. The texts write it in the page's digits
 * (`{{number, digits}}`, Arabic-Indic in Arabic), so it is not converted here.
 */
export function roomNumberOf(
  room: { roomNumber?: string | null } | null | undefined,
  fallbacks: Fallbacks
): string {
  const roomNumber = room?.roomNumber?.trim()
  return roomNumber || fallbacks.roomNumber
}

export function buildingNameOf(
  building: BuildingName | null | undefined,
  lang: Locale,
  fallbacks: Fallbacks
): string {
  return localized(building, 'name', lang) ?? fallbacks.buildingName
}

/** "<room number> · <building>", as the back office's tables and pages write a record's room. */
export function roomPlaceOf(
  room: { roomNumber: string } | null | undefined,
  building: BuildingName | null | undefined,
  lang: Locale
): string {
  return `${room ? localizeDigits(room.roomNumber, lang) : '—'} · ${localized(building, 'name', lang) ?? ''}`
}

/** The rooms of her approved applications, each once, in the order the applications came. */
export function approvedRooms(
  applications: readonly Application[]
): NonNullable<Application['room']>[] {
  const rooms = new Map<number, NonNullable<Application['room']>>()
  for (const { status, room } of applications) {
    if (status === 'approved' && room && !rooms.has(room.id)) rooms.set(room.id, room)
  }
  return [...rooms.values()]
}

/** The decision an audit event records, when it is one. */
export function decisionOf(
  event: Pick<ApplicationEvent, 'action'>
): 'approved' | 'rejected' | 'deleted' | 'viewed' | null {
  if (event.action === 'application.document_viewed') return 'viewed'
  const match = /^application\.(approved|rejected|deleted)$/.exec(event.action)
  return (match?.[1] as 'approved' | 'rejected' | 'deleted' | undefined) ?? null
}
