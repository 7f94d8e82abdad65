import User from '#models/user'
import { authEmulatorHost, firebaseAuth } from '#services/firebase'
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_TENANT } from '#services/demo_accounts'
import AppCommand from '#commands/_app_command'

/**
 * Creates the demo accounts in the Firebase Auth emulator (or finds them there), marks their
 * e-mail verified and links their uids to the seeded users: the only way a seeded account is
 * linked (sign-in never links an account on an unverified e-mail). Refuses to run against
 * anything but the emulator.
 */
export default class DemoIdentities extends AppCommand {
  static commandName = 'demo:identities'
  static description = 'Create the demo accounts in the Firebase Auth emulator and link them'

  async run() {
    if (!authEmulatorHost())
      return this.refuse(
        'FIREBASE_AUTH_EMULATOR_HOST is not set: demo identities live only in the emulator'
      )
    for (const account of [DEMO_ADMIN, DEMO_TENANT]) {
      const uid = await emulatorAccount(account.email, DEMO_PASSWORD, account.fullName)
      const user = await User.findByOrFail('email', account.email)
      user.firebaseUid = uid
      user.emailVerified = true
      await user.save()
      this.logger.info(`${account.email} ready (${account.role})`)
    }
  }
}

/** The emulator account with this e-mail, created when missing, verified and enabled; its uid. */
async function emulatorAccount(email: string, password: string, displayName: string) {
  const auth = firebaseAuth()
  try {
    const existing = await auth.getUserByEmail(email)
    if (!existing.emailVerified || existing.disabled) {
      await auth.updateUser(existing.uid, { emailVerified: true, disabled: false })
    }
    return existing.uid
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error
  }
  const created = await auth.createUser({ email, password, displayName, emailVerified: true })
  return created.uid
}
