/*
 * Catalogue rows written as another process would (plain SQL, no API), for the tests of the
 * triggers that follow the catalogue (catalog_state, page_changes).
 */
import db from '@adonisjs/lucid/services/db'
import { sqlTimestamp } from '#services/sql_time'

export async function addBuilding(id: number) {
  const now = sqlTimestamp()
  await db.table('buildings').insert({
    id,
    name_en: `Counted ${id}`,
    name_ar: `مبنى ${id}`,
    address_en: 'Street',
    address_ar: 'شارع',
    zone: 'north',
    latitude: 24.7,
    longitude: 46.7,
    is_fully_managed: false,
    created_at: now,
    updated_at: now,
  })
}

export function roomRows(buildingId: number, ids: number[], priceHalalas = 150000) {
  const now = sqlTimestamp()
  return ids.map((id) => ({
    id,
    building_id: buildingId,
    room_number: `R${id}`,
    price_halalas: priceHalalas,
    size_m2: 12,
    description_en: 'Room',
    description_ar: 'غرفة',
    availability: true,
    occupancy_rate: 50,
    created_at: now,
    updated_at: now,
  }))
}
