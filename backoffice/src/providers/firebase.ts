/**
 * The Firebase Authentication client, loaded only when needed (sign-in pages, restoring a
 * Firebase sign-in, logging out), so a signed-in visitor's first load stays small.
 * Configured from `GET /api/config`; with `emulatorUrl` set it talks to the Auth emulator.
 */
import { initializeApp } from 'firebase/app'
import {
  EmailAuthProvider,
  GoogleAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getRedirectResult,
  initializeAuth,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  sendEmailVerification,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth'
import type { RuntimeConfig } from '../config/runtime'
import {
  emulatorIdToken,
  rememberAccount,
  type EmulatorGoogleAccount,
} from '../lib/emulator-accounts'
import { REDIRECT_PENDING_KEY } from '../lib/firebase-kept'

/** How she proves again who she is, before a step that cannot be undone. */
export type Reauthentication = { password: string } | { google: true }

export interface FirebaseClient {
  /** True when the Auth emulator stands in for Firebase (development, demo, tests). */
  readonly usesEmulator: boolean
  currentUser(): Promise<User | null>
  signInWithPassword(email: string, password: string): Promise<User>
  signUp(email: string, password: string, fullName: string): Promise<User>
  /** The popup in production; with the emulator, the account picked in the local chooser. */
  signInWithGoogle(account?: EmulatorGoogleAccount): Promise<User>
  /** The user of a finished redirect sign-in (production fallback when a popup is blocked). */
  redirectResult(): Promise<User | null>
  /** Sends Firebase's verification e-mail to the user, written in `lang`. */
  sendVerificationEmail(user: User, lang: string): Promise<void>
  /** The signed-in user freshly read from Firebase (her e-mail may have been verified since). */
  reloadedUser(): Promise<User | null>
  /**
   * The providers she signs in with (`password`, `google.com`) when Firebase keeps a sign-in for
   * `email` on this device; `null` when it keeps none (she signed in elsewhere) or another's.
   */
  signInProviders(email: string): Promise<string[] | null>
  /**
   * An ID token of a sign-in made just now, for what the server lets only a fresh sign-in do
   * (closing her account): the sign-in Firebase keeps here for `account.email` signs in again,
   * with her password or Google (the emulator: the chooser's unsigned token for `account`);
   * with none kept here, she signs in with `account.email` and the password.
   */
  freshIdToken(proof: Reauthentication, account: EmulatorGoogleAccount): Promise<string>
  signOut(): Promise<void>
}

export function createFirebaseClient(config: RuntimeConfig['firebase']): FirebaseClient {
  const app = initializeApp({
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
  })
  // No popup/redirect resolver here: it would load Google's iframe script on start-up;
  // it is passed to the popup and redirect calls only.
  const auth: Auth = initializeAuth(app, { persistence: browserLocalPersistence })
  const usesEmulator = Boolean(config.emulatorUrl)
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true })

  const googleProvider = () => {
    const provider = new GoogleAuthProvider()
    provider.addScope('email')
    provider.addScope('profile')
    return provider
  }

  /** Firebase's signed-in user here, when it is `email`'s. */
  const signedInAs = async (email: string) => {
    await auth.authStateReady()
    const user = auth.currentUser
    return user?.email?.toLowerCase() === email.trim().toLowerCase() ? user : null
  }

  return {
    usesEmulator,
    async currentUser() {
      await auth.authStateReady()
      return auth.currentUser
    },
    async signInWithPassword(email, password) {
      return (await signInWithEmailAndPassword(auth, email, password)).user
    },
    async signUp(email, password, fullName) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password)
      if (fullName.trim()) await updateProfile(user, { displayName: fullName.trim() })
      return user
    },
    async signInWithGoogle(account) {
      if (usesEmulator) {
        if (!account)
          throw Object.assign(new Error('An emulator account is required'), {
            code: 'auth/user-cancelled',
          })
        const credential = GoogleAuthProvider.credential(emulatorIdToken(account))
        const { user } = await signInWithCredential(auth, credential)
        rememberAccount(account)
        return user
      }
      try {
        return (await signInWithPopup(auth, googleProvider(), browserPopupRedirectResolver)).user
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/popup-blocked') throw error
        sessionStorage.setItem(REDIRECT_PENDING_KEY, '1')
        await signInWithRedirect(auth, googleProvider(), browserPopupRedirectResolver)
        // The page navigates away to Google.
        return new Promise<never>(() => undefined)
      }
    },
    async redirectResult() {
      if (usesEmulator || sessionStorage.getItem(REDIRECT_PENDING_KEY) === null) return null
      sessionStorage.removeItem(REDIRECT_PENDING_KEY)
      const result = await getRedirectResult(auth, browserPopupRedirectResolver)
      return result?.user ?? null
    },
    async sendVerificationEmail(user, lang) {
      auth.languageCode = lang
      await sendEmailVerification(user)
    },
    async reloadedUser() {
      await auth.authStateReady()
      const user = auth.currentUser
      if (user) await user.reload()
      return user
    },
    async signInProviders(email) {
      const user = await signedInAs(email)
      return user ? user.providerData.map((provider) => provider.providerId) : null
    },
    async freshIdToken(proof, account) {
      const user = await signedInAs(account.email)
      if ('password' in proof) {
        if (!user) {
          const signedIn = await signInWithEmailAndPassword(auth, account.email, proof.password)
          return signedIn.user.getIdToken(true)
        }
        const credential = EmailAuthProvider.credential(user.email ?? account.email, proof.password)
        await reauthenticateWithCredential(user, credential)
        return user.getIdToken(true)
      }
      if (!user)
        throw Object.assign(new Error('No Google sign-in is kept on this device'), {
          code: 'auth/no-current-user',
        })
      if (usesEmulator) {
        const credential = GoogleAuthProvider.credential(emulatorIdToken(account))
        await reauthenticateWithCredential(user, credential)
      } else {
        // Another Google account than hers is refused by Firebase (`auth/user-mismatch`).
        await reauthenticateWithPopup(user, googleProvider(), browserPopupRedirectResolver)
      }
      return user.getIdToken(true)
    },
    async signOut() {
      await signOut(auth)
    },
  }
}
