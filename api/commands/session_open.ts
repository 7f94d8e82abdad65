import { args } from '@adonisjs/core/ace'
import { CookieSerializer } from '@adonisjs/core/http'
import { randomUUID } from 'node:crypto'
import User from '#models/user'
import { SESSION_COOKIE } from '#config/session'
import { SIGNED_IN_AT_KEY, sessionStore } from '#services/sessions'
import AppCommand from '#commands/_app_command'

/**
 * Opens a session for an existing account directly in the session store and prints the
 * `Cookie` header that names it (`node ace session:open admin@sakan.test`), for measuring
 * signed-in pages (npm run bench). Refused in production: there, sessions are opened by
 * signing in.
 */
export default class SessionOpen extends AppCommand {
  static commandName = 'session:open'
  static description = 'Print a Cookie header for a new session of an account (not in production)'

  @args.string({ description: 'The account’s e-mail address' })
  declare email: string

  async run() {
    if (this.app.inProduction) return this.refuse('session:open is refused in production')
    const user = await User.findBy('email', this.email)
    if (!user) return this.refuse(`no account with the e-mail ${this.email}`)
    /* Its Firebase check is fresh: the bench runs without the Auth emulator. */
    user.firebaseCheckedAt = Date.now()
    await user.save()
    const store = await sessionStore()
    const id = randomUUID()
    await store.write(id, { auth_web: user.id, [SIGNED_IN_AT_KEY]: Date.now() })
    await store.tag(id, String(user.id))
    /* The same default encryption the HTTP server signs its cookies with. */
    const encryption = (await this.app.container.make('encryption')).use()
    /* `sign` answers the whole `name=value` pair, encoded as a Set-Cookie would carry it. */
    const pair = new CookieSerializer(encryption).sign(SESSION_COOKIE, id) ?? ''
    console.log(pair.startsWith(`${SESSION_COOKIE}=`) ? pair : `${SESSION_COOKIE}=${pair}`)
  }
}
