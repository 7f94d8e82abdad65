/** Records as the API answers them, for the tests that need a few: what varies is given. */
import type { Application } from '@sakan/common'

/** An application of hers: its number, status, dates and room; no note, document or review. */
export function applicationOf(
  id: number,
  status: Application['status'],
  dates: Pick<Application, 'createdAt' | 'moveInDate'>,
  room: NonNullable<Application['room']>
): Application {
  return {
    id,
    status,
    ...dates,
    additionalInfo: null,
    idDocument: null,
    idDocumentType: null,
    reviewedAt: null,
    roomId: room.id,
    user: null,
    room,
  }
}

/** Her applications with the same dates, each in the room `roomOf` makes of its number. */
export function applicationsIn(
  dates: Pick<Application, 'createdAt' | 'moveInDate'>,
  roomOf: (roomId: number) => NonNullable<Application['room']>
) {
  return (id: number, status: Application['status'], roomId: number): Application =>
    applicationOf(id, status, dates, roomOf(roomId))
}
