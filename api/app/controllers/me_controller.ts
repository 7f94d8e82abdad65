import type { HttpContext } from '@adonisjs/core/http'
import { riyadhToday } from '@sakan/common'
import { closeAccount, confirmFreshSignIn } from '#services/account_closure'
import { collectMyData, myDataZip } from '#services/my_data_export'
import { endSession } from '#server/session_cookie'
import { acceptPrivacyNotice } from '#services/consents'
import { serializeUser } from '#transformers/user_transformer'
import { consentValidator } from '#validators/auth'

/** Her rights over her data (the Personal Data Protection Law): a copy of it, and closing her account. */
export default class MeController {
  /**
   * GET /api/me/export: a ZIP of everything the product keeps about her (`data.json` in her
   * language, and her files). Rate-limited (`exportThrottle`).
   */
  async export(ctx: HttpContext) {
    const contents = await collectMyData(ctx.auth.getUserOrFail(), ctx.i18n.locale)
    const name = `sakan-my-data-${riyadhToday()}.zip`
    ctx.response.header('Content-Type', 'application/zip')
    ctx.response.header('Content-Disposition', `attachment; filename="${name}"`)
    ctx.response.stream(myDataZip(contents))
  }

  /**
   * DELETE /api/me, with `Authorization: Bearer <ID token>` of a sign-in made in the last
   * five minutes: closes her account (services/account_closure.ts). 403 without such a
   * sign-in, 409 with the reason it cannot close (a current stay, money owed, an
   * administrator's account). 204 once closed: every session of hers has ended.
   */
  async destroy(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const token = /^Bearer\s+(\S+)$/i.exec(ctx.request.header('authorization') ?? '')?.[1]
    await confirmFreshSignIn(user, token)
    await closeAccount(user)
    await endSession(ctx)
    return ctx.response.noContent()
  }

  /**
   * POST /api/me/consent `{ version }`: she accepts the privacy notice in force, asked again
   * because a newer one replaced the one she accepted; a version no longer current is a 422.
   */
  async consent(ctx: HttpContext) {
    await ctx.request.validateUsing(consentValidator)
    return serializeUser(await acceptPrivacyNotice(ctx.auth.getUserOrFail()))
  }
}
