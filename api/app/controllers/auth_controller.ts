import type { HttpContext } from '@adonisjs/core/http'
import { SignInRefused, signIn } from '#services/identity_sync'
import { auditAuth } from '#services/audit'
import { revokeSignIns } from '#services/firebase'
import { endAllSessions } from '#services/sessions'
import { endSession, openSession } from '#server/session_cookie'
import { firebaseLoginValidator } from '#validators/auth'
import { serializeUser } from '#transformers/user_transformer'
import { rememberLocale, setPreferences } from '#services/preferences'
import { preferencesValidator } from '#validators/notification'

export default class AuthController {
  /**
   * POST /api/auth/firebase-login: verifies the bearer ID token (revocation included),
   * checks the body names the same identity, upserts the user and opens a server session.
   * Success and every refusal are written to the audit log.
   */
  async firebaseLogin(ctx: HttpContext) {
    const address = ctx.request.ip()
    try {
      const token = /^Bearer\s+(\S+)$/i.exec(ctx.request.header('authorization') ?? '')?.[1]
      if (!token) throw new SignInRefused('auth.missingToken', 'missing_token')
      const claims = await ctx.request.validateUsing(firebaseLoginValidator)

      const { user, method, linked } = await signIn(token, claims)

      await openSession(ctx, user)
      await rememberLocale(user, ctx.request.header('x-locale'))
      const details = { method, ...(linked ? { linked } : {}) }
      await auditAuth({ action: 'auth.signed_in', userId: user.id, address, details })
      return serializeUser(user)
    } catch (error) {
      if (error instanceof SignInRefused) {
        await auditAuth({
          action: 'auth.sign_in_refused',
          userId: error.userId,
          actorId: null,
          reason: error.reason,
          address,
        })
      }
      throw error
    }
  }

  /** GET /api/auth/me: the session's user, so a reload restores the signed-in state. */
  async me({ auth }: HttpContext) {
    return serializeUser(auth.getUserOrFail())
  }

  /**
   * PATCH /api/auth/me: her choices the server keeps: `locale`, the language of
   * her messages, and `rentReminders`.
   */
  async update(ctx: HttpContext) {
    const choice = await ctx.request.validateUsing(preferencesValidator)
    return serializeUser(await setPreferences(ctx.auth.getUserOrFail(), choice))
  }

  /** POST /api/auth/logout: ends this session on the server. */
  async logout(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    await endSession(ctx)
    await auditAuth({ action: 'auth.signed_out', userId: user.id, address: ctx.request.ip() })
    return ctx.response.noContent()
  }

  /**
   * POST /api/auth/logout-all: ends every session of the user, on every device, and revokes
   * her Firebase sign-ins so that no device can silently open a new session from one.
   */
  async logoutAll(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const sessions = await endAllSessions(user.id)
    await endSession(ctx)
    const firebaseRevoked = await revokeSignIns(user.firebaseUid)
    await auditAuth({
      action: 'auth.signed_out_everywhere',
      userId: user.id,
      address: ctx.request.ip(),
      details: { sessions, firebaseRevoked },
    })
    return ctx.response.noContent()
  }
}
