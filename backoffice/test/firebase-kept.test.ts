import { describe, expect, it } from 'vitest'
import { mayHaveFirebaseSignIn, REDIRECT_PENDING_KEY } from '../src/lib/firebase-kept'

/** A Storage-like map, enough for the check. */
function storage(entries: Record<string, string> = {}) {
  const keys = Object.keys(entries)
  return {
    length: keys.length,
    key: (index: number) => keys[index] ?? null,
    getItem: (key: string) => entries[key] ?? null,
  }
}

describe('whether Firebase may keep a sign-in on this device (read without its SDK)', () => {
  it('says no on a device where nothing of Firebase is stored', () => {
    expect(mayHaveFirebaseSignIn(storage({ 'sakan.language': 'ar' }), storage())).toBe(false)
  })

  it("says yes when Firebase's persisted user is in localStorage", () => {
    const local = storage({ 'firebase:authUser:fake-api-key:[DEFAULT]': '{"uid":"u1"}' })
    expect(mayHaveFirebaseSignIn(local, storage())).toBe(true)
  })

  it('says yes while a Google redirect sign-in is pending', () => {
    expect(mayHaveFirebaseSignIn(storage(), storage({ [REDIRECT_PENDING_KEY]: '1' }))).toBe(true)
  })

  it('lets the SDK decide when storage cannot be read', () => {
    expect(mayHaveFirebaseSignIn(null, storage())).toBe(true)
    const throwing = {
      length: 1,
      key: () => {
        throw new Error('SecurityError')
      },
      getItem: () => null,
    }
    expect(mayHaveFirebaseSignIn(throwing, storage())).toBe(true)
  })
})
