/** `/admin/reviews/{id}/edit`: a review changed or deleted. */
import { ReviewForm } from './ReviewForm'

export default function ReviewEditPage() {
  return <ReviewForm action="edit" />
}
