/*
 * The Firebase Auth emulator as tests use it: real accounts and real ID tokens from its
 * REST API (the same tokens the browser SDK gets).
 */
import { randomUUID } from 'node:crypto'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { authEmulatorHost, firebaseAuth, firebaseProjectId } from '#services/firebase'

export interface EmulatorAccount {
  uid: string
  email: string
  idToken: string
}

function base(): string {
  const host = authEmulatorHost()
  if (!host)
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: start the emulator (npm test does)')
  return `http://${host}/identitytoolkit.googleapis.com/v1/accounts`
}

async function call(action: string, body: object) {
  const response = await fetch(`${base()}:${action}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  })
  const json = (await response.json()) as {
    localId: string
    email: string
    idToken: string
    error?: { message: string }
  }
  if (!response.ok) throw new Error(`emulator ${action}: ${json.error?.message}`)
  return json
}

/** A new e-mail/password account. */
export async function emulatorSignUp(email = `${randomUUID()}@example.com`, displayName?: string) {
  const result = await call('signUp', { email, password: 'Sakan#2026', displayName })
  return {
    uid: result.localId,
    email: result.email,
    idToken: result.idToken,
  } satisfies EmulatorAccount
}

/** Signs an existing e-mail/password account in again: a fresh ID token with current claims. */
export async function emulatorSignIn(email: string) {
  const result = await call('signInWithPassword', { email, password: 'Sakan#2026' })
  return {
    uid: result.localId,
    email: result.email,
    idToken: result.idToken,
  } satisfies EmulatorAccount
}

/** Marks the account's e-mail verified, as following Firebase's verification link does. */
export async function emulatorVerifyEmail(account: EmulatorAccount): Promise<EmulatorAccount> {
  await firebaseAuth().updateUser(account.uid, { emailVerified: true })
  return emulatorSignIn(account.email)
}

/** Disables the account (an administrator's action in the Firebase console). */
export async function emulatorDisable(uid: string) {
  await firebaseAuth().updateUser(uid, { disabled: true })
}

/** Signs the account out everywhere. Firebase keeps this time in whole seconds. */
export async function emulatorRevoke(uid: string) {
  await firebaseAuth().revokeRefreshTokens(uid)
}

/** Waits past the current second, so that a revocation counts as later than a sign-in. */
export function nextSecond() {
  return new Promise((resolve) => setTimeout(resolve, 1100))
}

/** A JWT the emulator never issued: right shape, wrong audience (another project). */
export function forgedToken(uid: string, email: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  return [
    encode({ alg: 'none', typ: 'JWT' }),
    encode({
      iss: 'https://securetoken.google.com/another-project',
      aud: 'another-project',
      auth_time: now,
      user_id: uid,
      sub: uid,
      iat: now,
      exp: now + 3600,
      email,
      firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
    }),
    '',
  ].join('.')
}

/**
 * Runs `during` while the API's token checks go to a Firebase that does not answer: a real
 * Firebase Admin client of its own, pointed at a closed port (the discard port), stands in
 * for the API's. Firebase Admin reads the emulator's address once, when a client is made.
 */
export async function withFirebaseUnreachable(during: () => Promise<void>) {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST
  process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9'
  const down = initializeApp({ projectId: firebaseProjectId }, `unreachable-${randomUUID()}`)
  const unreachable = getAuth(down)
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator
  const auth = firebaseAuth()
  const verifyIdToken = auth.verifyIdToken
  auth.verifyIdToken = unreachable.verifyIdToken.bind(unreachable)
  try {
    await during()
  } finally {
    auth.verifyIdToken = verifyIdToken
    await deleteApp(down)
  }
}
