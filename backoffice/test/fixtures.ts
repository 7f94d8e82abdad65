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
    documentViews: { count: 0, lastAt: null },
    documentDestroyedAt: null,
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

type ApplicationMaker = ReturnType<typeof applicationsIn>

/**
 * Her applications as the lists of her approved rooms meet them: room 7 approved twice (the
 * room counts once), room 8 pending and room 9 rejected (neither counts).
 */
export function decidedApplications(application: ApplicationMaker): Application[] {
  return [
    application(1, 'approved', 7),
    application(2, 'pending', 8),
    application(3, 'approved', 7),
    application(4, 'rejected', 9),
  ]
}
