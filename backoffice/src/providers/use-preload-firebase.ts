import { useEffect } from 'react'
import { getFirebase } from './auth-client'

/** Warms up Firebase on the sign-in pages while she types, so pressing the button is quick. */
export function usePreloadFirebase(): void {
  useEffect(() => {
    getFirebase().catch(() => undefined)
  }, [])
}
