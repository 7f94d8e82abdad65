import { cert, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth'
import env from '#start/env'

/** The Firebase project: `demo-sakan` (the emulator's) unless configured. */
export const firebaseProjectId = env.get('FIREBASE_PROJECT_ID', 'demo-sakan')

/** `host:port` of the Auth emulator, when it stands in for Firebase (never in production). */
export function authEmulatorHost(): string | undefined {
  return process.env.FIREBASE_AUTH_EMULATOR_HOST || undefined
}

let firebaseApp: App | undefined

function instance(): App {
  const serviceAccount = env.get('FIREBASE_SERVICE_ACCOUNT')
  firebaseApp ??= initializeApp(
    {
      projectId: firebaseProjectId,
      ...(serviceAccount ? { credential: cert(JSON.parse(serviceAccount)) } : {}),
    },
    'sakan'
  )
  return firebaseApp
}

/**
 * Verifies a Firebase ID token (signature, audience, issuer, expiry). Against the emulator
 * tokens are unsigned, which is why production refuses to start with the emulator set.
 */
export function verifyIdToken(token: string): Promise<DecodedIdToken> {
  return getAuth(instance()).verifyIdToken(token)
}

/** The public web configuration the browser's Firebase SDK needs. */
export function firebaseWebConfig() {
  const emulator = authEmulatorHost()
  return {
    apiKey: env.get('FIREBASE_API_KEY', 'demo-api-key'),
    authDomain: env.get('FIREBASE_AUTH_DOMAIN', `${firebaseProjectId}.firebaseapp.com`),
    projectId: firebaseProjectId,
    emulatorUrl: emulator ? `http://${emulator}` : null,
  }
}
