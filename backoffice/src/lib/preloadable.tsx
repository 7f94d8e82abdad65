/**
 * A component whose code loads on first use, like `React.lazy`, that can also be loaded ahead
 * (`preload`). Once its code is here it renders at once: no Suspense fallback first. That
 * matters beyond the one frame: React holds back the reveal of a boundary's content for up to
 * 300 ms after its last fallback was shown, so each lazy step of a route (the data area, its
 * guard, the page) that suspends delays the page's first data call by as much. A mounted
 * instance keeps the form it started with, so the code arriving never remounts it.
 */
import { lazy, useState, type ComponentType } from 'react'

export interface Preloadable {
  /** Loads the code (once); resolves when it is here. */
  preload(): Promise<unknown>
}

export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>
): ComponentType<P> & Preloadable {
  let loaded: ComponentType<P> | null = null
  let pending: Promise<{ default: ComponentType<P> }> | null = null
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        // A failed load may be tried again (the next render, or the next preload).
        pending = null
        throw error
      }
    ))
  const Lazy = lazy(preload) as unknown as ComponentType<P>
  function Preloaded(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return <Component {...props} />
  }
  return Object.assign(Preloaded, { preload })
}
