/*
 * Every route of the API, under /api. The site, the account app and the back office call
 * these paths and read these shapes: additions extend them without breaking them.
 *
 * Every route states who may call it, or its group does for all of its routes: `open`
 * (anyone; the `silentAuth` middleware), `signedIn` (`auth`) or `adminOnly` (`auth`, then
 * `admin`). A route declared without one of these is caught by
 * tests/functional/route_access.spec.ts. The public catalogue reads are also `publicCache()`d:
 * Cache-Control, ETag and 304s (app/middleware/public_cache_middleware.ts).
 */
import router from '@adonisjs/core/services/router'
import string from '@adonisjs/core/helpers/string'
import { middleware } from '#start/kernel'
import type { Constructor, LazyImport } from '@adonisjs/core/types/common'
import type { RouteFn } from '@adonisjs/core/types/http'
import type { PublicCacheOptions } from '#middleware/public_cache_middleware'
import { photoNumber, rowId } from '#validators/limits'
import {
  applicationThrottle,
  authAddressThrottle,
  authThrottle,
  exportThrottle,
  maintenanceThrottle,
  paymentThrottle,
  publicWriteThrottle,
} from '#start/limiter'

const HealthController = () => import('#controllers/health_controller')
const ConfigController = () => import('#controllers/config_controller')
const RoomsController = () => import('#controllers/rooms_controller')
const ReviewsController = () => import('#controllers/reviews_controller')
const AuthController = () => import('#controllers/auth_controller')
const MeController = () => import('#controllers/me_controller')
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
const RentRollController = () => import('#controllers/admin/rent_roll_controller')
const NotificationsController = () => import('#controllers/notifications_controller')
const AdminNotificationsController = () => import('#controllers/admin/notifications_controller')

const open = () => middleware.silentAuth()
const signedIn = () => middleware.auth()
const adminOnly = () => [middleware.auth(), middleware.admin()]
const publicCache = (options: PublicCacheOptions = {}) => middleware.publicCache(options)

/**
 * The routes `define` declares, under `/<path>` and named `<path in snake case>.<name>` as
 * AdonisJS names a resource's routes; every `:id` among them is a row id.
 */
const routesUnder = (path: string, define: () => void) =>
  router.group(define).prefix(path).where('id', rowId).as(string.snakeCase(path))

/** A controller of a resident's records: it lists them, files one and shows one. */
type RecordsController = LazyImport<Constructor<Record<'index' | 'store' | 'show', RouteFn>>>

/**
 * What a resident does with her records (applications, maintenance requests): lists them,
 * files one (as often as `throttle` allows) and reads one; the administrator, all of them.
 */
function residentRecords(controller: RecordsController, throttle: typeof applicationThrottle) {
  router.get('/', [controller, 'index']).use(signedIn()).as('index')
  router.post('/', [controller, 'store']).use([signedIn(), throttle]).as('store')
  router.get(':id', [controller, 'show']).use(signedIn()).as('show')
}

/** A catalogue controller (admin/catalog_controller.ts): it creates, changes and deletes records. */
type CatalogWriter = LazyImport<Constructor<Record<'store' | 'update' | 'destroy', RouteFn>>>

/**
 * The administrator's writes of a catalogue resource: POST `/<path>`, PATCH and DELETE
 * `/<path>/:id`, then the routes `more` declares (admin only too).
 */
const catalogWrites = (path: string, controller: CatalogWriter, more: () => void = () => {}) =>
  routesUnder(path, () => {
    router.post('/', [controller, 'store']).as('store')
    router.patch(':id', [controller, 'update']).as('update')
    router.delete(':id', [controller, 'destroy']).as('destroy')
    more()
  }).use(adminOnly())

router
  .group(() => {
    router.get('health', [HealthController, 'show']).use(open()).as('health')
    router
      .get('config', [ConfigController, 'show'])
      .use([open(), publicCache({ localized: false })])
      .as('config')

    routesUnder('auth', () => {
      router
        .post('firebase-login', [AuthController, 'firebaseLogin'])
        .use([open(), authAddressThrottle, authThrottle])
        .as('firebase_login')
      /* Her account and her sessions: signed in. */
      router
        .group(() => {
          router.get('me', [AuthController, 'me']).as('me')
          router.patch('me', [AuthController, 'update']).as('me.update')
          router.post('logout', [AuthController, 'logout']).as('logout')
          router.post('logout-all', [AuthController, 'logoutAll']).as('logout_all')
        })
        .use(signedIn())
    })

    /* Her data (PDPL): a copy of it, and closing her account. */
    router
      .get('me/export', [MeController, 'export'])
      .use([signedIn(), exportThrottle])
      .as('me.export')
    router.delete('me', [MeController, 'destroy']).use(signedIn()).as('me.destroy')
    router.post('me/consent', [MeController, 'consent']).use(signedIn()).as('me.consent')

    routesUnder('rooms', () => {
      router.get('/', [RoomsController, 'index']).use([open(), publicCache()]).as('index')
      router.get(':id', [RoomsController, 'show']).use([open(), publicCache()]).as('show')
    })
    router
      .get('reviews', [ReviewsController, 'index'])
      .use([open(), publicCache()])
      .as('reviews.index')
    router
      .post('newsletter', [NewsletterController, 'store'])
      .use([open(), publicWriteThrottle])
      .as('newsletter.store')

    routesUnder('applications', () => {
      residentRecords(ApplicationsController, applicationThrottle)
      router.patch(':id/review', [ApplicationsController, 'review']).use(adminOnly()).as('review')
      router.delete(':id', [ApplicationsController, 'destroy']).use(adminOnly()).as('destroy')
    })

    router.get('images/*', [DocumentsController, 'show']).use(signedIn()).as('images.show')

    routesUnder('payments', () => {
      router.get('/', [PaymentsController, 'index']).use(signedIn()).as('index')
      router.post('/', [PaymentsController, 'store']).use([signedIn(), paymentThrottle]).as('store')
      /* The gateway's own payment id, any text (a route's matcher wins over its group's). */
      router
        .get('verify/:id', [PaymentsController, 'verify'])
        .where('id', /.*/)
        .use([signedIn(), paymentThrottle])
        .as('verify')
      /* The gateway's webhook: no session; its secret token is checked by the action. */
      router.post('webhook', [PaymentsController, 'webhook']).use(open()).as('webhook')
      router.get('quote', [PaymentsController, 'quote']).use(signedIn()).as('quote')
      router.get(':id/receipt', [PaymentsController, 'receipt']).use(signedIn()).as('receipt')
      router.get(':id', [PaymentsController, 'show']).use(signedIn()).as('show')
    })
    routesUnder('tenancies', () => {
      router.get('/', [TenanciesController, 'index']).use(signedIn()).as('index')
      router.get(':id', [TenanciesController, 'show']).use(signedIn()).as('show')
      router.get(':id/ledger', [TenanciesController, 'ledger']).use(signedIn()).as('ledger')
      router.patch(':id', [TenanciesController, 'update']).use(adminOnly()).as('update')
      router.post(':id/end', [TenanciesController, 'end']).use(adminOnly()).as('end')
      router
        .post(':id/deposit-return', [TenanciesController, 'depositReturn'])
        .use(adminOnly())
        .as('deposit_return')
    })
    routesUnder('maintenance-requests', () => {
      residentRecords(MaintenanceRequestsController, maintenanceThrottle)
      router.patch(':id', [MaintenanceRequestsController, 'update']).use(adminOnly()).as('update')
      router
        .get(':id/photos/:n', [MaintenanceRequestsController, 'photo'])
        .where('n', photoNumber)
        .use(signedIn())
        .as('photo')
    })

    routesUnder('notifications', () => {
      router.get('/', [NotificationsController, 'index']).use(signedIn()).as('index')
      router.post('read', [NotificationsController, 'read']).use(signedIn()).as('read')
    })

    /*
     * The back office's catalogue: writes on the resources' own paths, admin
     * reads (archived records included) under /api/admin.
     */
    catalogWrites('buildings', BuildingsController)
    catalogWrites('rooms', AdminRoomsController, () => {
      router.post(':id/photos', [AdminRoomsController, 'addPhotos']).as('photos.store')
      router.patch(':id/photos', [AdminRoomsController, 'reorderPhotos']).as('photos.update')
      router
        .delete(':id/photos/:photoId', [AdminRoomsController, 'removePhoto'])
        .where('photoId', rowId)
        .as('photos.destroy')
    })
    catalogWrites('reviews', AdminReviewsController, () => {
      router.post(':id/avatar', [AdminReviewsController, 'setAvatar']).as('avatar.store')
      router.delete(':id/avatar', [AdminReviewsController, 'removeAvatar']).as('avatar.destroy')
    })

    routesUnder('admin', () => {
      router.get('stats', [AdminStatsController, 'show']).as('stats')
      router.get('payments/summary', [AdminPaymentsController, 'summary']).as('payments.summary')
      router.get('payments/export', [AdminPaymentsController, 'export']).as('payments.export')
      router
        .post('tenancies/:id/payments', [AdminPaymentsController, 'record'])
        .as('tenancies.payments.store')
      router.post('payments/:id/void', [AdminPaymentsController, 'void']).as('payments.void')
      router.post('payments/:id/refund', [AdminPaymentsController, 'refund']).as('payments.refund')
      router.get('rent-roll', [RentRollController, 'show']).as('rent_roll.show')
      router.get('rent-roll/export', [RentRollController, 'export']).as('rent_roll.export')
      router.get('notifications', [AdminNotificationsController, 'index']).as('notifications.index')
      router
        .post('notifications/:id/resend', [AdminNotificationsController, 'resend'])
        .as('notifications.resend')
      router.get('audit-events', [AuditEventsController, 'index']).as('audit_events.index')
      router.resource('buildings', BuildingsController).only(['index', 'show'])
      router.resource('rooms', AdminRoomsController).only(['index', 'show'])
      router.resource('reviews', AdminReviewsController).only(['index', 'show'])
    }).use(adminOnly())
  })
  .prefix('/api')
  .as('api')

router.get('/media/*', [MediaController, 'show']).use(open()).as('media.show')
