import { BaseSchema } from '@adonisjs/lucid/schema'
import { addIndexes, dropIndexes } from '../schema_helpers.js'

/**
 * The outbox list's filters, newest first: by state (what failed, what waits) and by kind.
 * Without them a filtered page and its count read every message (1,000,000 in the bench).
 */
const INDEXES = {
  notifications: [
    ['state', 'id'],
    ['kind', 'id'],
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
