/** The room a record is about, "<room number> · <building>", as the way to the room's page. */
import type { RoomRef } from '@sakan/common'
import { Link } from 'react-router'
import { roomPlaceOf } from '../../lib/applications'
import { useLanguage } from '../../providers/use-language'

export function RoomLink({ room }: { room: RoomRef | null }) {
  const lang = useLanguage()
  if (!room) return '—'
  return <Link to={`/admin/rooms/${room.id}`}>{roomPlaceOf(room, room.building, lang)}</Link>
}
