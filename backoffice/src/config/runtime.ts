/**
 * Settings the server decides at run time (`GET /api/config`): the Firebase web config
 * (and whether the Auth emulator stands in for Firebase), the card widget and the map.
 * Fetched once at start-up; a failure is retried on the next use.
 */
import { apiFetch } from '../providers/http'

export interface RuntimeConfig {
  firebase: {
    apiKey: string
    authDomain: string
    projectId: string
    /** `http://127.0.0.1:9099` in development, demo and tests; `null` in production. */
    emulatorUrl: string | null
  }
  moyasar: { publishableKey: string; baseUrl: string }
  map: { tileUrl: string }
}

let pending: Promise<RuntimeConfig> | null = null

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= apiFetch<RuntimeConfig>('/api/config').catch((error: unknown) => {
    pending = null
    throw error
  })
  return pending
}
