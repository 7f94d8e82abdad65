import { flags } from '@adonisjs/core/ace'
import AppCommand from '#commands/_app_command'

/** A small, fast, seedable PRNG. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A command that adds synthetic rows for scale work (catalog:generate, ledger:generate): the
 * same --seed gives the same rows. Its name starts with `_`, so ace's loader passes it over.
 */
export default abstract class SyntheticCommand extends AppCommand {
  @flags.number({ description: 'Random seed (default: time based)' })
  declare seed?: number

  /** Random numbers in [0, 1), from --seed (else from the time). */
  protected randomNumbers(): () => number {
    return mulberry32(this.seed ?? Date.now())
  }
}
