import { DateTime } from 'luxon'
import { flags } from '@adonisjs/core/ace'
import db from '@adonisjs/lucid/services/db'
import { BUILDING_AMENITIES, ROOM_FEATURES, ZONES } from '@sakan/common'
import { sqlTimestamp } from '#services/sql_time'
import { publishSeedPhotos, seedPhotos } from '#services/seed_photos'
import SyntheticCommand from '#commands/_synthetic_command'

const ROOMS_PER_BUILDING = 200
/* SQLite turns a multi-row insert into a compound SELECT, limited to 500 terms. */
const BATCH = 400

/** Riyadh's extent, for plausible synthetic coordinates. */
const RIYADH = { lat: [24.55, 24.95], lng: [46.55, 46.85] } as const

/**
 * Adds N synthetic rooms in new synthetic buildings, for scale and speed work
 * (`node ace catalog:generate --rooms 100000`). Rows are inserted in large batches inside
 * one transaction; the same --seed gives the same catalogue.
 */
export default class CatalogGenerate extends SyntheticCommand {
  static commandName = 'catalog:generate'
  static description = 'Add N synthetic rooms (in new synthetic buildings) for scale work'

  @flags.number({ description: 'How many rooms to add', required: true })
  declare rooms: number

  /* The browser suite's "rooms added after the build": the newest, so they head the listing. */
  @flags.boolean({ description: 'Rooms listed now: created now and available' })
  declare listedNow?: boolean

  async run() {
    if (!Number.isInteger(this.rooms) || this.rooms < 1 || this.rooms > 1_000_000)
      return this.refuse('--rooms must be a whole number from 1 to 1000000')
    const started = performance.now()
    const random = this.randomNumbers()
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
    const subset = <T>(list: readonly T[], chance: number) => list.filter(() => random() < chance)

    await publishSeedPhotos()
    const photos = Object.entries(await seedPhotos()).filter(([base]) => base.startsWith('room-'))
    const run = Date.now().toString(36)
    const now = DateTime.now()

    await db.transaction(async (trx) => {
      let remaining = this.rooms
      let buildingNumber = 0
      while (remaining > 0) {
        buildingNumber++
        const count = Math.min(ROOMS_PER_BUILDING, remaining)
        remaining -= count
        const [building] = await trx
          .insertQuery()
          .table('buildings')
          .insert({
            name_en: `Synthetic Residence ${run}-${buildingNumber}`,
            name_ar: `سكن تجريبي ${run}-${buildingNumber}`,
            address_en: `${buildingNumber} Synthetic Street, Riyadh`,
            address_ar: `${buildingNumber} شارع تجريبي، الرياض`,
            zone: pick(ZONES),
            latitude: RIYADH.lat[0] + random() * (RIYADH.lat[1] - RIYADH.lat[0]),
            longitude: RIYADH.lng[0] + random() * (RIYADH.lng[1] - RIYADH.lng[0]),
            is_fully_managed: random() < 0.4,
            created_at: sqlTimestamp(now),
            updated_at: sqlTimestamp(now),
          })
          .returning('id')
        const buildingId = typeof building === 'object' ? building.id : building
        const amenities = ['femaleOnly', ...subset(BUILDING_AMENITIES.slice(0, -1), 0.5)]
        await trx
          .insertQuery()
          .table('building_amenities')
          .multiInsert(amenities.map((amenity) => ({ building_id: buildingId, amenity })))

        for (let offset = 0; offset < count; offset += BATCH) {
          const size = Math.min(BATCH, count - offset)
          const rows = Array.from({ length: size }, (_, index) => {
            const createdAt = sqlTimestamp(
              this.listedNow ? now : now.minus({ minutes: Math.floor(random() * 60 * 24 * 720) })
            )
            return {
              building_id: buildingId,
              room_number: String(offset + index + 1),
              price_halalas: (5 + Math.floor(random() * 36)) * 100 * 100,
              size_m2: 9 + Math.floor(random() * 20),
              type_en: null,
              type_ar: null,
              description_en: 'A synthetic room generated for scale testing.',
              description_ar: 'غرفة تجريبية مولدة لاختبار الأداء.',
              availability: this.listedNow || random() < 0.8,
              occupancy_rate: Math.floor(random() * 101),
              created_at: createdAt,
              updated_at: createdAt,
            }
          })
          await trx.insertQuery().table('rooms').multiInsert(rows)
          /* SQLite's multi-row insert reports only the last id: read the batch's ids back. */
          const ids: number[] = (
            await trx
              .from('rooms')
              .where('building_id', buildingId)
              .whereIn(
                'room_number',
                rows.map((row) => row.room_number)
              )
              .select('id')
          ).map((row) => row.id)
          const features = ids.flatMap((roomId: number) =>
            subset(ROOM_FEATURES, 0.5).map((feature) => ({ room_id: roomId, feature }))
          )
          for (let start = 0; start < features.length; start += BATCH) {
            await trx
              .insertQuery()
              .table('room_features')
              .multiInsert(features.slice(start, start + BATCH))
          }
          await trx
            .insertQuery()
            .table('room_photos')
            .multiInsert(
              ids.map((roomId: number) => {
                const [base, info] = pick(photos)
                return {
                  room_id: roomId,
                  position: 1,
                  key: `rooms/${base}`,
                  width: info.width,
                  height: info.height,
                }
              })
            )
        }
      }
    })

    /* Fresh planner statistics: the listing's indexes are chosen by them. */
    await db.rawQuery('ANALYZE')

    const seconds = (performance.now() - started) / 1000
    this.logger.success(`added ${this.rooms} rooms in ${seconds.toFixed(1)} s`)
  }
}
