import { useQuery } from '@tanstack/react-query'
import { loadRuntimeConfig, type RuntimeConfig } from '../config/runtime'

/** The runtime config once it has arrived (`undefined` meanwhile, `null` if it could not be read). */
export function useRuntimeConfig(): RuntimeConfig | null | undefined {
  const { data, isError } = useQuery({ queryKey: ['runtime-config'], queryFn: loadRuntimeConfig })
  return isError ? null : data
}
