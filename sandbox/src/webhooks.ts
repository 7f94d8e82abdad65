/*
 * Webhook delivery as Moyasar does it: a JSON event POSTed to each target, retried with
 * back-off while the answer is not 2xx (or the connection fails, or 5 s pass).
 */
import { randomUUID } from 'node:crypto'
import { httpOrigin } from './http.ts'
import { type Payment } from './payments.ts'

export type WebhookTarget = { url: string; secretToken: string }
export type WebhookEventType = 'payment_paid' | 'payment_failed' | 'payment_refunded'

const ATTEMPT_TIMEOUT_MS = 5000
export const ACCOUNT_NAME = 'Sakan Sandbox'

export class WebhookDispatcher {
  /** Targets that get every event (options and environment). */
  #everything: WebhookTarget[]
  /** Targets that get only payments whose callback_url shares their origin, by URL. */
  #routed = new Map<string, string>()
  #baseMs: number
  #maxAttempts: number
  #delayMs: number
  /* While the sandbox is halted (an outage), attempts wait here instead of being made. */
  #held: Array<() => void> | null = null
  #timers = new Set<NodeJS.Timeout>()
  #inFlight = new Set<AbortController>()
  #closed = false

  constructor(everything: WebhookTarget[], baseMs: number, maxAttempts: number, delayMs = 0) {
    this.#everything = [...everything]
    this.#baseMs = baseMs
    this.#maxAttempts = maxAttempts
    this.#delayMs = delayMs
  }

  /** Holds every attempt until `release` (the sandbox is down: nothing is sent). */
  hold(): void {
    this.#held ??= []
  }

  /** Makes the attempts held meanwhile, and any later ones, again. */
  release(): void {
    const held = this.#held ?? []
    this.#held = null
    for (const attempt of held) attempt()
  }

  /** Registers (or re-registers, replacing the token) a target routed by origin. */
  register(url: string, secretToken: string): void {
    this.#routed.set(url, secretToken)
  }

  /** The targets of one payment's events (a URL both global and routed is sent to once). */
  targetsFor(payment: Payment): WebhookTarget[] {
    const origin = httpOrigin(payment.callback_url)
    const routed = [...this.#routed]
      .filter(([url]) => origin !== null && httpOrigin(url) === origin)
      .map(([url, secretToken]) => ({ url, secretToken }))
    const global = this.#everything.filter((target) => !routed.some((r) => r.url === target.url))
    return [...global, ...routed]
  }

  /** Sends one event about the payment to each of its targets (in the background). */
  dispatch(type: WebhookEventType, payment: Payment): void {
    const id = randomUUID()
    const createdAt = new Date().toISOString()
    const data = structuredClone(payment)
    for (const target of this.targetsFor(payment)) {
      const body = JSON.stringify({
        id,
        type,
        created_at: createdAt,
        secret_token: target.secretToken,
        account_name: ACCOUNT_NAME,
        live: false,
        data,
      })
      this.#later(this.#delayMs, () => void this.#attempt(target.url, body, 1))
    }
  }

  /** Runs `action` after `ms` (at once for 0), unless closed meanwhile. */
  #later(ms: number, action: () => void): void {
    if (ms <= 0) return action()
    const timer = setTimeout(() => {
      this.#timers.delete(timer)
      action()
    }, ms)
    timer.unref()
    this.#timers.add(timer)
  }

  async #attempt(url: string, body: string, attempt: number): Promise<void> {
    if (this.#closed) return
    if (this.#held) {
      this.#held.push(() => void this.#attempt(url, body, attempt))
      return
    }
    const controller = new AbortController()
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS)
    this.#inFlight.add(controller)
    let delivered = false
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: controller.signal,
      })
      await response.body?.cancel()
      delivered = response.ok
    } catch {
      delivered = false
    } finally {
      clearTimeout(timeout)
      this.#inFlight.delete(controller)
    }
    if (delivered || this.#closed || attempt >= this.#maxAttempts) return
    this.#later(this.#baseMs * 2 ** (attempt - 1), () => void this.#attempt(url, body, attempt + 1))
  }

  /** Stops every pending retry and in-flight delivery. */
  close(): void {
    this.#closed = true
    this.#held = null
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
    for (const controller of this.#inFlight) controller.abort()
    this.#inFlight.clear()
  }
}
