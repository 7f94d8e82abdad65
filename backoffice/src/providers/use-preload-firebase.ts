import { useEffect } from 'react'
import { onFirstInteraction } from '../lib/first-interaction'
import { getFirebase } from './auth-client'

/**
 * Warms up Firebase on the sign-in pages at her first interaction (focus in a field, a press
 * on a button), so it is ready by the time she submits, without weighing on the first load.
 */
export function usePreloadFirebase(): void {
  useEffect(() => onFirstInteraction(() => void getFirebase().catch(() => undefined)), [])
}
