/** `/admin/reviews/create`: a new review. */
import { ReviewForm } from './ReviewForm'

export default function ReviewCreatePage() {
  return <ReviewForm action="create" />
}
