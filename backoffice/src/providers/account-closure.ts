/**
 * Closing her account (`DELETE /api/me`), loaded with the "My data" page only: the server
 * takes only a sign-in made moments ago, so she signs in again with Firebase first, and that
 * sign-in's ID token goes with the call. Once the server has closed the account, which ends
 * every session of hers, nothing of it stays on this device (auth-client's `sessionExpired`,
 * as when a session ends elsewhere): no `logout` call, as no session is left to end.
 */
import { displayNameOf } from '../lib/user'
import { apiRequest } from './api'
import { currentUser, getFirebase, sessionExpired } from './auth-client'
import type { Reauthentication } from './firebase'

/**
 * How she signs in (`password`, `google.com`), when Firebase keeps her sign-in on this device;
 * `null` when it does not (her session came from another device, or storage was cleared).
 */
export async function signInProvidersHere(): Promise<string[] | null> {
  const email = (await currentUser())?.email
  if (!email) return null
  return (await getFirebase()).signInProviders(email)
}

/**
 * Signs her in again (`proof`), then closes her account. Firebase's errors and the API's
 * refusals pass through; she then stays signed in.
 */
export async function closeAccount(proof: Reauthentication): Promise<void> {
  const user = await currentUser()
  if (!user) throw new Error('Not signed in')
  const firebase = await getFirebase()
  const token = await firebase.freshIdToken(proof, {
    email: user.email,
    name: displayNameOf(user),
  })
  await apiRequest('/api/me', {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  })
  // Every session of hers has ended on the server: nothing of it stays here either.
  sessionExpired()
}
