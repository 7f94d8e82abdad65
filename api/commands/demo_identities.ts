import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import User from '#models/user'
import { authEmulatorHost } from '#services/firebase'
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_TENANT,
} from '../../database/seeders/02_demo_accounts_seeder.js'

/**
 * Creates the demo accounts in the Firebase Auth emulator (or finds them there) and links
 * their uids to the seeded users. Refuses to run against anything but the emulator.
 */
export default class DemoIdentities extends BaseCommand {
  static commandName = 'demo:identities'
  static description = 'Create the demo accounts in the Firebase Auth emulator and link them'
  static options: CommandOptions = { startApp: true }

  async run() {
    const host = authEmulatorHost()
    if (!host) {
      this.logger.error(
        'FIREBASE_AUTH_EMULATOR_HOST is not set: demo identities live only in the emulator'
      )
      this.exitCode = 1
      return
    }
    for (const account of [DEMO_ADMIN, DEMO_TENANT]) {
      const uid = await emulatorAccount(host, account.email, DEMO_PASSWORD, account.fullName)
      const user = await User.findByOrFail('email', account.email)
      if (user.firebaseUid !== uid) {
        user.firebaseUid = uid
        await user.save()
      }
      this.logger.info(`${account.email} ready (${account.role})`)
    }
  }
}

/** Signs the account up in the emulator, or in when it exists; returns its uid. */
async function emulatorAccount(host: string, email: string, password: string, displayName: string) {
  const base = `http://${host}/identitytoolkit.googleapis.com/v1/accounts`
  const post = async (action: string, body: object) => {
    const response = await fetch(`${base}:${action}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...body,
        returnSecureToken: true,
      }),
    })
    return {
      ok: response.ok,
      body: (await response.json()) as { localId?: string; error?: { message: string } },
    }
  }
  const signUp = await post('signUp', { email, password, displayName })
  if (signUp.ok && signUp.body.localId) return signUp.body.localId
  const signIn = await post('signInWithPassword', { email, password })
  if (signIn.ok && signIn.body.localId) return signIn.body.localId
  throw new Error(
    `emulator refused ${email}: ${signIn.body.error?.message ?? signUp.body.error?.message}`
  )
}
