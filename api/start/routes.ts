/*
 * Every route of the API, under /api. The contract is section 7 of the product
 * specification; additions extend it without breaking it.
 */
import router from '@adonisjs/core/services/router'

const HealthController = () => import('#controllers/health_controller')

router
  .group(() => {
    router.get('health', [HealthController, 'show']).as('health')
  })
  .prefix('/api')
  .as('api')
