/*
 * A clock the model-based test moves forward: every `Date` of the process (the API's, luxon's,
 * the sandbox's) reads the real time plus an offset. Installed for one sequence and removed
 * after it, even when it fails; the offset only grows.
 */
const RealDate = Date

let offsetMs = 0
let installed = false

/** `Date` with the offset: `new Date()`, `Date()` and `Date.now()` read the moved time. */
const MovedDate = new Proxy(RealDate, {
  construct(target, args: unknown[]) {
    return args.length === 0
      ? new target(RealDate.now() + offsetMs)
      : new target(...(args as [string | number | Date]))
  },
  apply() {
    return new RealDate(RealDate.now() + offsetMs).toString()
  },
  get(target, key, receiver) {
    if (key === 'now') return () => RealDate.now() + offsetMs
    return Reflect.get(target, key, receiver)
  },
})

/** Starts moved time at the real time (offset zero). */
export function installClock() {
  offsetMs = 0
  globalThis.Date = MovedDate
  installed = true
}

/** Puts the real `Date` back. */
export function restoreClock() {
  globalThis.Date = RealDate
  offsetMs = 0
  installed = false
}

/** Moves the clock forward by this many days (never back). */
export function advanceDays(days: number) {
  if (!installed) throw new Error('the model clock is not installed')
  if (!(days > 0)) throw new Error(`the model clock only moves forward (${days} days)`)
  offsetMs += days * 86_400_000
}

/** How far the clock has been moved, in days. */
export function clockOffsetDays() {
  return offsetMs / 86_400_000
}
