/**
 * An application sent as the applicant's browser sends it (through the API, signed in): for an
 * available room, moving in `days` from today, with a generated ID document.
 */
import type { APIRequestContext } from '@playwright/test'
import { dayFromNow, expect } from '../fixtures'
import { pngFile } from './files'

/** Applies for an available room; answers the application's and the room's numbers. */
export async function applyForARoom(
  request: APIRequestContext,
  days = 10
): Promise<{ applicationId: number; roomId: number }> {
  const rooms = (await (
    await request.get('/api/rooms?availability=true&_start=0&_end=50')
  ).json()) as { id: number }[]
  expect(rooms.length, 'an available room').toBeGreaterThan(0)
  const roomId = rooms[Math.floor(Math.random() * rooms.length)]!.id
  const moveInDate = dayFromNow(days)
  const applied = await request.post('/api/applications', {
    multipart: { roomId: String(roomId), moveInDate, idDocument: pngFile('id-card.png', 480, 300) },
  })
  expect(applied.status(), await applied.text()).toBe(201)
  return { applicationId: ((await applied.json()) as { id: number }).id, roomId }
}
