import type { HttpContext } from '@adonisjs/core/http'
import { verifyIdToken } from '#services/firebase'
import { requestLocale, translate } from '#services/i18n'
import { serializeUser, syncUser } from '#services/identity_sync'
import { firebaseLoginValidator } from '#validators/auth'
import { validationMessages } from '#validators/messages'
import { SESSION_EXPIRES_KEY, SESSION_LIFETIME_MS } from '#middleware/access_middleware'

export default class AuthController {
  /**
   * POST /api/auth/firebase-login: verifies the bearer ID token, checks the body names the
   * same identity, upserts the user and opens the session.
   */
  async firebaseLogin(ctx: HttpContext) {
    const locale = requestLocale(ctx)
    const unauthorized = (key: string) =>
      ctx.response.unauthorized({ message: translate(locale, key) })

    const token = /^Bearer\s+(\S+)$/i.exec(ctx.request.header('authorization') ?? '')?.[1]
    if (!token) return unauthorized('auth.missingToken')
    const body = await ctx.request.validateUsing(firebaseLoginValidator, {
      messagesProvider: validationMessages(locale),
    })

    let identity
    try {
      identity = await verifyIdToken(token)
    } catch {
      return unauthorized('auth.invalidToken')
    }
    if (identity.uid !== body.uid || identity.email?.toLowerCase() !== body.email.toLowerCase()) {
      return unauthorized('auth.identityMismatch')
    }

    const user = await syncUser(identity, body)
    await ctx.auth.use('web').login(user)
    ctx.session.put(SESSION_EXPIRES_KEY, Date.now() + SESSION_LIFETIME_MS)
    return serializeUser(user)
  }

  /** GET /api/auth/me: the session's user, so a reload restores the signed-in state. */
  async me({ auth }: HttpContext) {
    return serializeUser(auth.getUserOrFail())
  }

  /** POST /api/auth/logout: ends the session. */
  async logout({ auth, session, response }: HttpContext) {
    await auth.use('web').logout()
    session.forget(SESSION_EXPIRES_KEY)
    return response.noContent()
  }
}
