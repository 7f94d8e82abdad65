import { describe, expect, it } from 'vitest'
import { applicationsIn, decidedApplications } from './fixtures'
import { MAINTENANCE_PHOTO_MAX_BYTES } from '@sakan/common'
import {
  INITIAL_MAINTENANCE_VALUES,
  buildingOfRoom,
  canChangeStatus,
  maintenanceProblems,
  photosProblem,
  reportableRooms,
  type MaintenanceValues,
} from '../src/lib/maintenance'

const filled: MaintenanceValues = {
  title: 'Leaking tap',
  description: 'The bathroom tap drips all night.',
  category: 'plumbing',
  priority: 'high',
  roomId: 4,
  buildingId: 2,
  photos: [],
}

describe('maintenance form rules (spec §5)', () => {
  it('starts empty with medium priority and no room or building', () => {
    const { priority, roomId, buildingId, ...rest } = INITIAL_MAINTENANCE_VALUES
    expect(priority).toBe('medium')
    expect([roomId, buildingId]).toEqual([0, 0])
    expect(rest).toEqual({ title: '', description: '', category: '', photos: [] })
  })

  it('names every missing field of the empty form, priority excepted', () => {
    expect(maintenanceProblems(INITIAL_MAINTENANCE_VALUES)).toEqual([
      'title',
      'description',
      'category',
      'roomId',
      'buildingId',
    ])
  })

  it('accepts a filled form', () => {
    expect(maintenanceProblems(filled)).toEqual([])
  })

  it('wants a title that is more than spaces and a description of 10 characters', () => {
    expect(maintenanceProblems({ ...filled, title: '   ' })).toEqual(['title'])
    expect(maintenanceProblems({ ...filled, description: '123456789' })).toEqual(['description'])
    expect(maintenanceProblems({ ...filled, description: '  1234567890  ' })).toEqual([])
    expect(maintenanceProblems({ ...filled, description: ' 123456789 ' })).toEqual(['description'])
  })

  it('wants a priority, a room and its building', () => {
    expect(maintenanceProblems({ ...filled, priority: '' })).toEqual(['priority'])
    expect(maintenanceProblems({ ...filled, roomId: 0, buildingId: 0 })).toEqual([
      'roomId',
      'buildingId',
    ])
    expect(maintenanceProblems({ ...filled, buildingId: 0 })).toEqual(['buildingId'])
  })
})

const file = (name: string, type: string, size = 1000) => ({ name, type, size })

describe('maintenance photos', () => {
  it('takes up to three JPEG, PNG or WebP images', () => {
    expect(photosProblem([])).toBeNull()
    expect(
      photosProblem([
        file('a.jpg', 'image/jpeg'),
        file('b.png', 'image/png'),
        file('c.webp', 'image/webp'),
      ])
    ).toBeNull()
    expect(photosProblem([file('e.WEBP', '')])).toBeNull()
  })

  it('refuses a fourth photo, another type, an empty or too large file', () => {
    expect(photosProblem(Array.from({ length: 4 }, (_, i) => file(`${i}.png`, 'image/png')))).toBe(
      'count'
    )
    expect(photosProblem([file('scan.pdf', 'application/pdf')])).toBe('type')
    expect(photosProblem([file('photo.gif', '')])).toBe('type')
    expect(photosProblem([file('blank.png', 'image/png', 0)])).toBe('empty')
    expect(photosProblem([file('big.png', 'image/png', MAINTENANCE_PHOTO_MAX_BYTES + 1)])).toBe(
      'size'
    )
    expect(photosProblem([file('max.png', 'image/png', MAINTENANCE_PHOTO_MAX_BYTES)])).toBeNull()
  })
})

const application = applicationsIn(
  { createdAt: '2026-01-01T00:00:00Z', moveInDate: '2026-02-01' },
  (roomId) => ({
    id: roomId,
    roomNumber: `R${roomId}`,
    price: 1500,
    building: { id: roomId * 10, name: 'B', name_en: 'B', name_ar: 'ب' },
  })
)

describe('rooms she may report on', () => {
  const rooms = reportableRooms([
    ...decidedApplications(application),
    application(5, 'approved', 3),
    { ...application(6, 'approved', 5), room: null },
  ])

  it('are the rooms of her approved applications, each once', () => {
    expect(rooms.map((room) => [room.roomId, room.buildingId, room.roomNumber])).toEqual([
      [7, 70, 'R7'],
      [3, 30, 'R3'],
    ])
  })

  it('give the building of the picked room, 0 for any other', () => {
    expect(buildingOfRoom(rooms, 3)).toBe(30)
    expect(buildingOfRoom(rooms, 8)).toBe(0)
    expect(buildingOfRoom(rooms, 0)).toBe(0)
  })
})

describe('maintenance status changes (spec §4)', () => {
  it('are allowed until the request is completed or cancelled', () => {
    expect(canChangeStatus('pending')).toBe(true)
    expect(canChangeStatus('in_progress')).toBe(true)
    expect(canChangeStatus('completed')).toBe(false)
    expect(canChangeStatus('cancelled')).toBe(false)
  })
})
