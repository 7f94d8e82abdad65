import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { SIGNED_IN_AT_KEY, sessionStore } from '#services/sessions'

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
 * Ends the current session on the server now (a refused request never reaches the session
 * middleware's commit), so its cookie is worthless wherever it was copied.
 */
export async function endSession(ctx: HttpContext) {
  await ctx.auth.use('web').logout()
  ctx.session.clear()
  await (await sessionStore()).destroy(ctx.session.sessionId)
}
