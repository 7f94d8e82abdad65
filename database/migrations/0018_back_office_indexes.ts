import { BaseSchema } from '@adonisjs/lucid/schema'
import { addIndexes, dropIndexes } from '../schema_helpers.js'

/**
 * The back office's filters on indexes: payments by month and room, the audit
 * log by actor and by action.
 */
const INDEXES = {
  payments: [
    ['month_covered', 'created_at'],
    ['room_id', 'created_at'],
  ],
  audit_events: [
    ['actor_id', 'created_at'],
    ['action', 'created_at'],
  ],
}

export default class extends BaseSchema {
  async up() {
    addIndexes(this, INDEXES)
  }

  async down() {
    dropIndexes(this, INDEXES)
  }
}
