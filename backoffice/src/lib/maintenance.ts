/**
 * The maintenance form's rules and what the lists need to know about a request.
 * The server checks all of it again; these spare her a refused request.
 */
import {
  FINAL_MAINTENANCE_STATUSES,
  MAINTENANCE_MAX_PHOTOS,
  MAINTENANCE_PHOTO_MAX_BYTES,
  MAINTENANCE_PHOTO_TYPES,
  MAINTENANCE_STATUSES,
  MIN_MAINTENANCE_DESCRIPTION_LENGTH,
  type Application,
  type MaintenanceCategory,
  type MaintenancePriority,
  type MaintenanceRequest,
  type MaintenanceStatus,
} from '@sakan/common'
import { approvedRooms } from './applications'

/** The photo picker's `accept`: the types, and their extensions for systems that send no type. */
export const MAINTENANCE_PHOTO_ACCEPT = [
  ...MAINTENANCE_PHOTO_TYPES,
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
].join(',')

export interface MaintenanceValues {
  title: string
  description: string
  /** '' until she picks one: the category has no default. */
  category: MaintenanceCategory | ''
  priority: MaintenancePriority | ''
  /** 0 until she picks a room; the building follows the room. */
  roomId: number
  buildingId: number
  photos: File[]
}

export const INITIAL_MAINTENANCE_VALUES: MaintenanceValues = {
  title: '',
  description: '',
  category: '',
  priority: 'medium',
  roomId: 0,
  buildingId: 0,
  photos: [],
}

/** The keys (account namespace) of the form's messages, field by field. */
export const MAINTENANCE_MESSAGES = {
  title: 'maintenance.validation.title',
  description: 'maintenance.validation.description',
  category: 'maintenance.validation.category',
  priority: 'maintenance.validation.priority',
  roomId: 'maintenance.validation.room',
  buildingId: 'maintenance.validation.building',
} as const

export type MaintenanceField = keyof typeof MAINTENANCE_MESSAGES

/** The fields that break one of the form's rules, in the form's order. */
export function maintenanceProblems(values: MaintenanceValues): MaintenanceField[] {
  const problems: MaintenanceField[] = []
  if (!values.title.trim()) problems.push('title')
  if (values.description.trim().length < MIN_MAINTENANCE_DESCRIPTION_LENGTH) {
    problems.push('description')
  }
  if (!values.category) problems.push('category')
  if (!values.priority) problems.push('priority')
  if (!(values.roomId >= 1)) problems.push('roomId')
  if (!(values.buildingId >= 1)) problems.push('buildingId')
  return problems
}

export type PhotoProblem = 'count' | 'type' | 'size' | 'empty'

/** What is wrong with the chosen photos, or null when they can be sent. */
export function photosProblem(
  files: readonly Pick<File, 'name' | 'type' | 'size'>[]
): PhotoProblem | null {
  if (files.length > MAINTENANCE_MAX_PHOTOS) return 'count'
  for (const file of files) {
    const type = file.type.toLowerCase()
    const accepted = type
      ? (MAINTENANCE_PHOTO_TYPES as readonly string[]).includes(type)
      : /\.(jpe?g|png|webp)$/i.test(file.name)
    if (!accepted) return 'type'
    if (file.size === 0) return 'empty'
    if (file.size > MAINTENANCE_PHOTO_MAX_BYTES) return 'size'
  }
  return null
}

/** A room she may report on: one of her approved applications' rooms. */
export interface ReportableRoom {
  roomId: number
  buildingId: number
  roomNumber: string
  building: NonNullable<NonNullable<Application['room']>['building']>
}

/** The rooms of her approved applications (approvedRooms) that have their building. */
export function reportableRooms(applications: readonly Application[]): ReportableRoom[] {
  return approvedRooms(applications).flatMap(({ id, roomNumber, building }) =>
    building ? [{ roomId: id, buildingId: building.id, roomNumber, building }] : []
  )
}

/** The building of the picked room, 0 when the room is not one of hers. */
export function buildingOfRoom(rooms: readonly ReportableRoom[], roomId: number): number {
  return rooms.find((room) => room.roomId === roomId)?.buildingId ?? 0
}

/** The status can change until the request is completed or cancelled. */
export function canChangeStatus(status: MaintenanceStatus): boolean {
  return !FINAL_MAINTENANCE_STATUSES.includes(status)
}

/** The statuses the administrator's dropdown offers: all four. */
export const STATUS_CHOICES: readonly MaintenanceStatus[] = MAINTENANCE_STATUSES

/** A stored photo of a request, served to the resident and the administrator only. */
export type MaintenancePhoto = MaintenanceRequest['photos'][number]

/** One change of a request's status; `from` is null for its creation. */
export type MaintenanceChange = MaintenanceRequest['history'][number]
