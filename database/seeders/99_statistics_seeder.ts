import db from '@adonisjs/lucid/services/db'
import { BaseSeeder } from '@adonisjs/lucid/seeders'

/**
 * Refreshes the query planner's statistics after seeding, so that the listing's filters
 * drive from the most selective index (SQLite has no automatic statistics).
 */
export default class StatisticsSeeder extends BaseSeeder {
  async run() {
    await db.rawQuery('ANALYZE')
  }
}
