/** `/admin/rooms/{id}/edit`: a room changed, its photos managed, archived or restored. */
import { RoomForm } from './RoomForm'

export default function RoomEditPage() {
  return <RoomForm action="edit" />
}
