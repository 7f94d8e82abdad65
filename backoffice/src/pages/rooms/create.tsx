/** `/admin/rooms/create`: a new room (its photos are added on its edit page, next). */
import { RoomForm } from './RoomForm'

export default function RoomCreatePage() {
  return <RoomForm action="create" />
}
