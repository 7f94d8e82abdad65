/*
 * What a test reads back of what a request stored, or left behind: a table's row count, the
 * file keys under a folder of a Drive disk, the files of a local folder; and the removal of
 * what a test that commits (no `isolateEachTest`) made.
 */
import { readdir } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { endAllSessions } from '#services/sessions'

/** How many rows the table holds. */
export async function rowCount(table: string): Promise<number> {
  const [row] = await db.from(table).count('* as total')
  return Number(row?.total ?? 0)
}

/** The keys of the files stored under `folder` of the disk, at any depth. */
export async function storedKeys(disk: 'documents' | 'media', folder: string): Promise<string[]> {
  const listing = await drive.use(disk).listAll(folder, { recursive: true })
  return [...listing.objects].flatMap((object) => ('key' in object ? [object.key] : []))
}

/** The names in a local folder; none when it does not exist. */
export async function filesIn(folder: string): Promise<string[]> {
  return readdir(folder).catch(() => [])
}

/**
 * Removes the people and places a committing test made, once the rows that refer to them are
 * gone: the users (their sessions ended first), then the rooms and their buildings.
 */
export async function removeCommitted(made: {
  users: number[]
  rooms: Array<{ id: number; buildingId: number }>
}) {
  const rooms = made.rooms.map((room) => room.id)
  const buildings = made.rooms.map((room) => room.buildingId)
  for (const id of made.users) await endAllSessions(id)
  await db.from('users').whereIn('id', made.users).delete()
  await db.from('rooms').whereIn('id', rooms).delete()
  await db.from('buildings').whereIn('id', buildings).delete()
}
