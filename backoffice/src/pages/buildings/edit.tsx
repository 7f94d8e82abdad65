/** `/admin/buildings/{id}/edit`: a building changed, archived or restored. */
import { BuildingForm } from './BuildingForm'

export default function BuildingEditPage() {
  return <BuildingForm action="edit" />
}
