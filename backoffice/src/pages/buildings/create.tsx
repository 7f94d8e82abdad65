/** `/admin/buildings/create`: a new building. */
import { BuildingForm } from './BuildingForm'

export default function BuildingCreatePage() {
  return <BuildingForm action="create" />
}
