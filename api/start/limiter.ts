import limiter from '@adonisjs/limiter/services/main'

/** Session sync: a browser signs in a few times a minute at most; scripts get cut off. */
export const authThrottle = limiter.define('auth', (ctx) =>
  limiter.allowRequests(10).every('1 minute').usingKey(`auth_${ctx.request.ip()}`)
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
