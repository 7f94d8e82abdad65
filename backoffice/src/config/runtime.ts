/**
 * Settings the server decides at run time (`GET /api/config`): the Firebase web config
 * (and whether the Auth emulator stands in for Firebase), the card widget and the map.
 * Fetched once at start-up; a failure is retried on the next use.
 */
import type { RuntimeConfig } from '@sakan/common'
import { apiFetch } from '../providers/http'

export type { RuntimeConfig } from '@sakan/common'

let pending: Promise<RuntimeConfig> | null = null

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= apiFetch<RuntimeConfig>('/api/config').catch((error: unknown) => {
    pending = null
    throw error
  })
  return pending
}
