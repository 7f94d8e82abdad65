import { useEffect, useState } from 'react'
import { loadRuntimeConfig, type RuntimeConfig } from '../config/runtime'

/** The runtime config once it has arrived (`undefined` meanwhile, `null` if it could not be read). */
export function useRuntimeConfig(): RuntimeConfig | null | undefined {
  const [config, setConfig] = useState<RuntimeConfig | null | undefined>(undefined)
  useEffect(() => {
    let live = true
    loadRuntimeConfig().then(
      (value) => live && setConfig(value),
      () => live && setConfig(null)
    )
    return () => {
      live = false
    }
  }, [])
  return config
}
