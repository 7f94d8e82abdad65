/*
 * Every route of the API, under /api. The site, the account app and the back office call
 * these paths and read these shapes: additions extend them without breaking them.
 *
 * Every route states who may call it: `open` (anyone; the `silentAuth` middleware),
 * `signedIn` (`auth`) or `adminOnly` (`auth`, then `admin`). A route declared without one of
 * these is caught by tests/functional/route_access.spec.ts. The public catalogue reads are
 * also `publicCache()`d: Cache-Control, ETag and 304s (app/middleware/public_cache_middleware.ts).
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import type { PublicCacheOptions } from '#middleware/public_cache_middleware'
import { photoNumber, rowId } from '#validators/limits'
import {
  applicationThrottle,
  authAddressThrottle,
  authThrottle,
  maintenanceThrottle,
  paymentThrottle,
  publicWriteThrottle,
} from '#start/limiter'

const HealthController = () => import('#controllers/health_controller')
const ConfigController = () => import('#controllers/config_controller')
const RoomsController = () => import('#controllers/rooms_controller')
const ReviewsController = () => import('#controllers/reviews_controller')
const AuthController = () => import('#controllers/auth_controller')
const NewsletterController = () => import('#controllers/newsletter_controller')
const MediaController = () => import('#controllers/media_controller')
const AdminStatsController = () => import('#controllers/admin_stats_controller')
const ApplicationsController = () => import('#controllers/applications_controller')
const DocumentsController = () => import('#controllers/documents_controller')
const PaymentsController = () => import('#controllers/payments_controller')
const TenanciesController = () => import('#controllers/tenancies_controller')
const MaintenanceRequestsController = () => import('#controllers/maintenance_requests_controller')
const BuildingsController = () => import('#controllers/admin/buildings_controller')
const AdminRoomsController = () => import('#controllers/admin/rooms_controller')
const AdminReviewsController = () => import('#controllers/admin/reviews_controller')
const AdminPaymentsController = () => import('#controllers/admin/payments_controller')
const AuditEventsController = () => import('#controllers/admin/audit_events_controller')
const NotificationsController = () => import('#controllers/notifications_controller')
const AdminNotificationsController = () => import('#controllers/admin/notifications_controller')

const open = () => middleware.silentAuth()
const signedIn = () => middleware.auth()
const adminOnly = () => [middleware.auth(), middleware.admin()]
const publicCache = (options: PublicCacheOptions = {}) => middleware.publicCache(options)

router
  .group(() => {
    router.get('health', [HealthController, 'show']).use(open()).as('health')
    router
      .get('config', [ConfigController, 'show'])
      .use([open(), publicCache({ localized: false })])
      .as('config')

    router
      .group(() => {
        router
          .post('firebase-login', [AuthController, 'firebaseLogin'])
          .use([open(), authAddressThrottle, authThrottle])
          .as('firebase_login')
        router.get('me', [AuthController, 'me']).use(signedIn()).as('me')
        router.patch('me', [AuthController, 'update']).use(signedIn()).as('me.update')
        router.post('logout', [AuthController, 'logout']).use(signedIn()).as('logout')
        router.post('logout-all', [AuthController, 'logoutAll']).use(signedIn()).as('logout_all')
      })
      .prefix('auth')
      .as('auth')

    router.get('rooms', [RoomsController, 'index']).use([open(), publicCache()]).as('rooms.index')
    router
      .get('rooms/:id', [RoomsController, 'show'])
      .where('id', rowId)
      .use([open(), publicCache()])
      .as('rooms.show')
    router
      .get('reviews', [ReviewsController, 'index'])
      .use([open(), publicCache()])
      .as('reviews.index')
    router
      .post('newsletter', [NewsletterController, 'store'])
      .use([open(), publicWriteThrottle])
      .as('newsletter.store')

    router
      .group(() => {
        router.get('/', [ApplicationsController, 'index']).use(signedIn()).as('index')
        router
          .post('/', [ApplicationsController, 'store'])
          .use([signedIn(), applicationThrottle])
          .as('store')
        router
          .get(':id', [ApplicationsController, 'show'])
          .where('id', rowId)
          .use(signedIn())
          .as('show')
        router
          .patch(':id/review', [ApplicationsController, 'review'])
          .where('id', rowId)
          .use(adminOnly())
          .as('review')
        router
          .delete(':id', [ApplicationsController, 'destroy'])
          .where('id', rowId)
          .use(adminOnly())
          .as('destroy')
      })
      .prefix('applications')
      .as('applications')

    router.get('images/*', [DocumentsController, 'show']).use(signedIn()).as('images.show')

    router
      .group(() => {
        router.get('/', [PaymentsController, 'index']).use(signedIn()).as('index')
        router
          .post('/', [PaymentsController, 'store'])
          .use([signedIn(), paymentThrottle])
          .as('store')
        router
          .get('verify/:id', [PaymentsController, 'verify'])
          .use([signedIn(), paymentThrottle])
          .as('verify')
        /* The gateway's webhook: no session; its secret token is checked by the action. */
        router.post('webhook', [PaymentsController, 'webhook']).use(open()).as('webhook')
        router.get('quote', [PaymentsController, 'quote']).use(signedIn()).as('quote')
        router
          .get(':id/receipt', [PaymentsController, 'receipt'])
          .where('id', rowId)
          .use(signedIn())
          .as('receipt')
        router
          .get(':id', [PaymentsController, 'show'])
          .where('id', rowId)
          .use(signedIn())
          .as('show')
      })
      .prefix('payments')
      .as('payments')
    router
      .group(() => {
        router.get('/', [TenanciesController, 'index']).use(signedIn()).as('index')
        router
          .get(':id', [TenanciesController, 'show'])
          .where('id', rowId)
          .use(signedIn())
          .as('show')
        router
          .get(':id/ledger', [TenanciesController, 'ledger'])
          .where('id', rowId)
          .use(signedIn())
          .as('ledger')
        router
          .patch(':id', [TenanciesController, 'update'])
          .where('id', rowId)
          .use(adminOnly())
          .as('update')
        router
          .post(':id/end', [TenanciesController, 'end'])
          .where('id', rowId)
          .use(adminOnly())
          .as('end')
        router
          .post(':id/deposit-return', [TenanciesController, 'depositReturn'])
          .where('id', rowId)
          .use(adminOnly())
          .as('deposit_return')
      })
      .prefix('tenancies')
      .as('tenancies')
    router
      .group(() => {
        router.get('/', [MaintenanceRequestsController, 'index']).use(signedIn()).as('index')
        router
          .post('/', [MaintenanceRequestsController, 'store'])
          .use([signedIn(), maintenanceThrottle])
          .as('store')
        router
          .get(':id', [MaintenanceRequestsController, 'show'])
          .where('id', rowId)
          .use(signedIn())
          .as('show')
        router
          .patch(':id', [MaintenanceRequestsController, 'update'])
          .where('id', rowId)
          .use(adminOnly())
          .as('update')
        router
          .get(':id/photos/:n', [MaintenanceRequestsController, 'photo'])
          .where('id', rowId)
          .where('n', photoNumber)
          .use(signedIn())
          .as('photo')
      })
      .prefix('maintenance-requests')
      .as('maintenance_requests')

    router
      .group(() => {
        router.get('/', [NotificationsController, 'index']).use(signedIn()).as('index')
        router.post('read', [NotificationsController, 'read']).use(signedIn()).as('read')
      })
      .prefix('notifications')
      .as('notifications')

    /*
     * The back office's catalogue: writes on the resources' own paths, admin
     * reads (archived records included) under /api/admin.
     */
    router.post('buildings', [BuildingsController, 'store']).use(adminOnly()).as('buildings.store')
    router
      .patch('buildings/:id', [BuildingsController, 'update'])
      .where('id', rowId)
      .use(adminOnly())
      .as('buildings.update')
    router
      .delete('buildings/:id', [BuildingsController, 'destroy'])
      .where('id', rowId)
      .use(adminOnly())
      .as('buildings.destroy')
    router.post('rooms', [AdminRoomsController, 'store']).use(adminOnly()).as('rooms.store')
    router
      .patch('rooms/:id', [AdminRoomsController, 'update'])
      .where('id', rowId)
      .use(adminOnly())
      .as('rooms.update')
    router
      .delete('rooms/:id', [AdminRoomsController, 'destroy'])
      .where('id', rowId)
      .use(adminOnly())
      .as('rooms.destroy')
    router
      .post('rooms/:id/photos', [AdminRoomsController, 'addPhotos'])
      .where('id', rowId)
      .use(adminOnly())
      .as('rooms.photos.store')
    router
      .patch('rooms/:id/photos', [AdminRoomsController, 'reorderPhotos'])
      .where('id', rowId)
      .use(adminOnly())
      .as('rooms.photos.update')
    router
      .delete('rooms/:id/photos/:photoId', [AdminRoomsController, 'removePhoto'])
      .where('id', rowId)
      .where('photoId', rowId)
      .use(adminOnly())
      .as('rooms.photos.destroy')
    router.post('reviews', [AdminReviewsController, 'store']).use(adminOnly()).as('reviews.store')
    router
      .patch('reviews/:id', [AdminReviewsController, 'update'])
      .where('id', rowId)
      .use(adminOnly())
      .as('reviews.update')
    router
      .delete('reviews/:id', [AdminReviewsController, 'destroy'])
      .where('id', rowId)
      .use(adminOnly())
      .as('reviews.destroy')
    router
      .post('reviews/:id/avatar', [AdminReviewsController, 'setAvatar'])
      .where('id', rowId)
      .use(adminOnly())
      .as('reviews.avatar.store')
    router
      .delete('reviews/:id/avatar', [AdminReviewsController, 'removeAvatar'])
      .where('id', rowId)
      .use(adminOnly())
      .as('reviews.avatar.destroy')

    router
      .group(() => {
        router.get('stats', [AdminStatsController, 'show']).use(adminOnly()).as('stats')
        router
          .get('payments/summary', [AdminPaymentsController, 'summary'])
          .use(adminOnly())
          .as('payments.summary')
        router
          .get('payments/export', [AdminPaymentsController, 'export'])
          .use(adminOnly())
          .as('payments.export')
        router
          .get('notifications', [AdminNotificationsController, 'index'])
          .use(adminOnly())
          .as('notifications.index')
        router
          .post('notifications/:id/resend', [AdminNotificationsController, 'resend'])
          .where('id', rowId)
          .use(adminOnly())
          .as('notifications.resend')
        router
          .get('audit-events', [AuditEventsController, 'index'])
          .use(adminOnly())
          .as('audit_events.index')
        router
          .get('buildings', [BuildingsController, 'index'])
          .use(adminOnly())
          .as('buildings.index')
        router
          .get('buildings/:id', [BuildingsController, 'show'])
          .where('id', rowId)
          .use(adminOnly())
          .as('buildings.show')
        router.get('rooms', [AdminRoomsController, 'index']).use(adminOnly()).as('rooms.index')
        router
          .get('rooms/:id', [AdminRoomsController, 'show'])
          .where('id', rowId)
          .use(adminOnly())
          .as('rooms.show')
        router
          .get('reviews', [AdminReviewsController, 'index'])
          .use(adminOnly())
          .as('reviews.index')
        router
          .get('reviews/:id', [AdminReviewsController, 'show'])
          .where('id', rowId)
          .use(adminOnly())
          .as('reviews.show')
      })
      .prefix('admin')
      .as('admin')
  })
  .prefix('/api')
  .as('api')

router.get('/media/*', [MediaController, 'show']).use(open()).as('media.show')
