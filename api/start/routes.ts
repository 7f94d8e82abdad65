/*
 * Every route of the API, under /api. The contract is section 7 of the product
 * specification; additions extend it without breaking it.
 */
import router from '@adonisjs/core/services/router'

const HealthController = () => import('#controllers/health_controller')
const RoomsController = () => import('#controllers/rooms_controller')
const ReviewsController = () => import('#controllers/reviews_controller')
const NewsletterController = () => import('#controllers/newsletter_controller')
const MediaController = () => import('#controllers/media_controller')

router
  .group(() => {
    router.get('health', [HealthController, 'show']).as('health')

    router.get('rooms', [RoomsController, 'index']).as('rooms.index')
    router
      .get('rooms/:id', [RoomsController, 'show'])
      .where('id', router.matchers.number())
      .as('rooms.show')
    router.get('reviews', [ReviewsController, 'index']).as('reviews.index')
    router.post('newsletter', [NewsletterController, 'store']).as('newsletter.store')
  })
  .prefix('/api')
  .as('api')

router.get('/media/*', [MediaController, 'show']).as('media.show')
