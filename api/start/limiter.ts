import env from '#start/env'
import limiter from '@adonisjs/limiter/services/main'

/**
 * Session sync: per address and account, a person signs in a few times a minute at most;
 * per address, a shared network (a campus, an office) gets more room. Both are
 * configurable (the browser test suite signs in far more often than people do).
 */
const perAccount = env.get('AUTH_RATE_LIMIT', 10)
const perAddress = env.get('AUTH_RATE_LIMIT_IP', 60)

export const authThrottle = limiter.define('auth', (ctx) => {
  const uid = String(ctx.request.input('uid', '')).slice(0, 128)
  return limiter
    .allowRequests(perAccount)
    .every('1 minute')
    .usingKey(`auth_${ctx.request.ip()}_${uid}`)
})

export const authAddressThrottle = limiter.define('auth_address', (ctx) =>
  limiter.allowRequests(perAddress).every('1 minute').usingKey(`auth_ip_${ctx.request.ip()}`)
)

/** Public writes that anyone can call (newsletter). */
export const publicWriteThrottle = limiter.define('public_write', (ctx) =>
  limiter.allowRequests(20).every('1 minute').usingKey(`public_${ctx.request.ip()}`)
)

/** Applications with an uploaded document: a handful an hour per person is plenty. */
export const applicationThrottle = limiter.define('applications', (ctx) =>
  limiter
    .allowRequests(20)
    .every('1 hour')
    .usingKey(`applications_${ctx.auth.user?.id ?? ctx.request.ip()}`)
)

/** Maintenance requests, possibly with photos: a resident reports a few problems a day. */
export const maintenanceThrottle = limiter.define('maintenance', (ctx) =>
  limiter
    .allowRequests(20)
    .every('1 hour')
    .usingKey(`maintenance_${ctx.auth.user?.id ?? ctx.request.ip()}`)
)

/** Recording and verifying card payments: far more than anyone pays, far less than a script tries. */
export const paymentThrottle = limiter.define('payments', (ctx) =>
  limiter
    .allowRequests(60)
    .every('1 hour')
    .usingKey(`payments_${ctx.auth.user?.id ?? ctx.request.ip()}`)
)

/** "My data": a copy of everything she has is a heavy read; a few an hour is plenty. */
export const exportThrottle = limiter.define('my_data_export', (ctx) =>
  limiter
    .allowRequests(5)
    .every('1 hour')
    .usingKey(`my_data_${ctx.auth.user?.id ?? ctx.request.ip()}`)
)
