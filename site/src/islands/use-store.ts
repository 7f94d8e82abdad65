import type { ReadableAtom } from 'nanostores'
import { useSyncExternalStore } from 'react'

/**
 * A nanostore's value in a React island. While hydrating, React reads `initial` — what the
 * page was built with — so an island that hydrates after another one has already updated
 * the store still matches its static HTML; it re-renders with the live value right after.
 */
export function useHydratedStore<T>(store: ReadableAtom<T>, initial: T): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => initial
  )
}
