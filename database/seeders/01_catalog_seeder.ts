import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { BaseSeeder } from '@adonisjs/lucid/seeders'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { toHalalas } from '@sakan/common'
import Building from '#models/building'
import Room from '#models/room'
import Review from '#models/review'
import { BUILDINGS, REVIEWS, type SeedBuilding, type SeedRoom } from '../seed-data/catalog.js'
import { publishSeedPhotos, seedPhoto } from '#services/seed_photos'

/**
 * The demo catalogue: buildings, rooms and reviews. Idempotent: a building, room or review
 * that exists (by its natural key) is left as it is, so seeding again never duplicates and
 * never overwrites what people changed by using the product.
 */
export default class CatalogSeeder extends BaseSeeder {
  async run() {
    await publishSeedPhotos()
    await db.transaction(async (trx) => {
      for (const seed of BUILDINGS) {
        let building = await Building.query({ client: trx }).where('name_en', seed.nameEn).first()
        if (!building) building = await createBuilding(seed, trx)
        for (const seedRoom of seed.rooms) {
          const exists = await Room.query({ client: trx })
            .where('building_id', building.id)
            .where('room_number', seedRoom.roomNumber)
            .first()
          if (!exists) await createRoom(building, seedRoom, trx)
        }
      }
      for (const seed of REVIEWS) {
        const { key, avatar, ...fields } = seed
        const exists = await Review.query({ client: trx }).where('key', key).first()
        if (!exists) {
          await Review.create(
            { key, ...fields, avatarKey: avatar ? `avatars/${avatar}` : null },
            { client: trx }
          )
        }
      }
    })
  }
}

type Trx = TransactionClientContract

/** Inserts the rows, when there are any (a multi-row insert of none is an error). */
async function insertRows(trx: Trx, table: string, rows: object[]): Promise<void> {
  if (rows.length > 0) await trx.insertQuery().table(table).multiInsert(rows)
}

async function createBuilding(seed: SeedBuilding, trx: Trx): Promise<Building> {
  const { key: _key, amenities, rooms: _rooms, ...columns } = seed
  const building = await Building.create(columns, { client: trx })
  await insertRows(
    trx,
    'building_amenities',
    amenities.map((amenity) => ({ building_id: building.id, amenity }))
  )
  return building
}

async function createRoom(building: Building, seed: SeedRoom, trx: Trx): Promise<void> {
  const createdAt = DateTime.now().minus({ days: seed.createdDaysAgo }).startOf('minute')
  const room = await Room.create(
    {
      buildingId: building.id,
      roomNumber: seed.roomNumber,
      priceHalalas: toHalalas(seed.priceSar),
      sizeM2: seed.sizeM2,
      typeEn: seed.type,
      typeAr: seed.typeAr,
      descriptionEn: seed.descriptionEn,
      descriptionAr: seed.descriptionAr,
      availability: seed.availability,
      occupancyRate: seed.occupancyRate,
      createdAt,
    },
    { client: trx }
  )
  await insertRows(
    trx,
    'room_features',
    seed.features.map((feature) => ({ room_id: room.id, feature }))
  )
  const photos = []
  for (const [index, base] of seed.photos.entries()) {
    const info = await seedPhoto(base)
    photos.push({
      room_id: room.id,
      position: index + 1,
      key: `rooms/${base}`,
      width: info.width,
      height: info.height,
    })
  }
  await insertRows(trx, 'room_photos', photos)
}
