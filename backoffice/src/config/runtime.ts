/**
 * Settings the server decides at run time (`GET /api/config`): the Firebase web config
 * (and whether the Auth emulator stands in for Firebase), the card widget and the map.
 * Fetched once at start-up; a failure is retried on the next use.
 */
import type { RuntimeConfig } from '@sakan/common'
import { apiRequest } from '../providers/api'

export type { RuntimeConfig } from '@sakan/common'

let pending: Promise<RuntimeConfig> | null = null
let loaded: RuntimeConfig | undefined

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= apiRequest<RuntimeConfig>('/api/config').then(
    (config) => (loaded = config),
    (error: unknown) => {
      pending = null
      throw error
    }
  )
  return pending
}

/** The config if it has already arrived (components start with it instead of a placeholder). */
export function loadedRuntimeConfig(): RuntimeConfig | undefined {
  return loaded
}
