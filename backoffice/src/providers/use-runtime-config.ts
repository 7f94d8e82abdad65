import { useEffect, useState } from 'react'
import { loadedRuntimeConfig, loadRuntimeConfig, type RuntimeConfig } from '../config/runtime'

/**
 * The runtime config once it has arrived (`undefined` meanwhile, `null` if it could not be
 * read; the next component that asks tries again).
 */
export function useRuntimeConfig(): RuntimeConfig | null | undefined {
  const [config, setConfig] = useState<RuntimeConfig | null | undefined>(loadedRuntimeConfig)
  useEffect(() => {
    if (config) return
    let current = true
    loadRuntimeConfig().then(
      (loaded) => current && setConfig(loaded),
      () => current && setConfig(null)
    )
    return () => {
      current = false
    }
  }, [config])
  return config
}
