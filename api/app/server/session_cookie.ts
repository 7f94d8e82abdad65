import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { auditAuth } from '#services/audit'
import { rememberLocale } from '#services/preferences'
import { SIGNED_IN_AT_KEY, endAllSessions, sessionProblem, sessionStore } from '#services/sessions'

/*
 * The request's own session, behind its cookie: opened at sign-in, its age, ended at sign-out.
 * The store and the rules of a session's life are services/sessions.ts.
 */

/**
 * Opens a fresh session for the user: nothing of an earlier session carries over, the id
 * changes (the old one is destroyed when the session is committed) and the session is
 * tagged with the user, so that "sign out of all devices" finds it.
 */
export async function openSession(ctx: HttpContext, user: User) {
  ctx.session.clear()
  await ctx.auth.use('web').login(user)
  ctx.session.put(SIGNED_IN_AT_KEY, Date.now())
  await ctx.session.tag(String(user.id))
}

/** When the request's session was opened (epoch ms; 0 when it never was). */
export function signedInAt(ctx: HttpContext): number {
  return Number(ctx.session.get(SIGNED_IN_AT_KEY) ?? 0)
}

/**
 * Who the request's session names, checked as every route checks it (the routes' auth
 * middleware, middleware/silent_auth_middleware.ts and auth_middleware.ts): a session past its
 * seven days, or whose Firebase account was disabled or signed out everywhere, is ended on
 * the server first, so nobody is signed in; otherwise the user (and her role) is the one read
 * from the database now, and the language the call names (`X-Locale`) is kept as hers when it
 * changed. Without a session (an anonymous read) or with a fresh one, nobody can be signed
 * in, so the guard is not asked: it would only throw (and catch) E_UNAUTHORIZED_ACCESS, the
 * largest cost of an anonymous call.
 */
export async function checkSessionUser(ctx: HttpContext) {
  const session = ctx.session as HttpContext['session'] | undefined
  if (!session || session.fresh) return
  await ctx.auth.check()
  const user = ctx.auth.user
  if (!user) return
  const problem = await sessionProblem(user, signedInAt(ctx))
  if (problem) {
    /* A disabled or deleted account loses every session at once, not one per device. */
    if (problem === 'disabled' || problem === 'deleted') await endAllSessions(user.id)
    await endSession(ctx)
    await auditAuth({ action: 'auth.session_ended', userId: user.id, reason: problem })
  } else {
    /* Her messages follow the language she uses. */
    await rememberLocale(user, ctx.request.header('x-locale'))
  }
}

/**
 * Ends the current session on the server now (a refused request never reaches the session
 * middleware's commit), so its cookie is worthless wherever it was copied.
 */
export async function endSession(ctx: HttpContext) {
  await ctx.auth.use('web').logout()
  ctx.session.clear()
  await (await sessionStore()).destroy(ctx.session.sessionId)
}
