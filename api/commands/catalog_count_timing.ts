import { flags } from '@adonisjs/core/ace'
import db from '@adonisjs/lucid/services/db'
import { roomTotal } from '#services/room_catalog'
import AppCommand from '#commands/_app_command'

/** The median of a list of durations. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/**
 * Times the listing's X-Total-Count on the configured database (the aim: under 1 ms for the
 * unfiltered list over 100,000 rooms): the API's own `roomTotal`, unfiltered and for a
 * filter asked again (cached), beside a plain `count(*)`. Medians of --runs calls.
 */
export default class CatalogCountTiming extends AppCommand {
  static commandName = 'catalog:count-timing'
  static description = "Time the listing's X-Total-Count against a plain count(*)"

  @flags.number({ description: 'Calls per measure (default 200)' })
  declare runs?: number

  async run() {
    const runs = this.runs ?? 200
    const time = async (call: () => Promise<unknown>) => {
      const durations: number[] = []
      for (let run = 0; run < runs; run++) {
        const started = performance.now()
        await call()
        durations.push(performance.now() - started)
      }
      return median(durations).toFixed(3)
    }
    const rooms = await roomTotal({})
    const filter = { location: 'north' as const, priceMax: 2000 }
    this.logger.info(`${db.connection().dialect.name}, ${rooms} rooms, medians of ${runs} calls:`)
    this.logger.info(`  roomTotal(unfiltered)      ${await time(() => roomTotal({}))} ms`)
    this.logger.info(`  roomTotal(filtered, cached) ${await time(() => roomTotal(filter))} ms`)
    this.logger.info(
      `  count(*) over rooms         ${await time(() => db.from('rooms').count('* as total'))} ms`
    )
  }
}
