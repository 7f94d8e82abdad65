import { BaseSchema } from '@adonisjs/lucid/schema'
import { ROOM_FEATURES } from '@sakan/common'
import { reference, valueList } from '../schema_helpers.js'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('rooms', (table) => {
      table.increments('id')
      reference(table, 'building_id', 'buildings.id')
      table.string('room_number', 20).notNullable()
      /* Monthly rent in integer halalas (SAR × 100). */
      table.integer('price_halalas').notNullable().checkPositive()
      table.decimal('size_m2', 6, 1).notNullable().checkPositive()
      table.string('type_en', 60).nullable()
      table.string('type_ar', 60).nullable()
      table.text('description_en').notNullable()
      table.text('description_ar').notNullable()
      table.boolean('availability').notNullable().defaultTo(true)
      table.integer('occupancy_rate').notNullable().defaultTo(50).checkBetween([0, 100])
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.unique(['building_id', 'room_number'])
      /* The listing filters and sorts: price bands, availability, newest first. */
      table.index(['price_halalas'])
      table.index(['availability', 'created_at'])
      table.index(['created_at'])
    })

    this.schema.createTable('room_features', (table) =>
      valueList(table, 'room_id', 'rooms.id', 'feature', ROOM_FEATURES)
    )

    /* Ordered photos: `key` names a stored image; the API derives its URLs and sizes. */
    this.schema.createTable('room_photos', (table) => {
      table.increments('id')
      reference(table, 'room_id', 'rooms.id', 'CASCADE')
      table.integer('position').notNullable().checkPositive()
      table.string('key', 200).notNullable()
      table.integer('width').notNullable().checkPositive()
      table.integer('height').notNullable().checkPositive()
      table.unique(['room_id', 'position'])
    })
  }

  async down() {
    this.schema.dropTable('room_photos')
    this.schema.dropTable('room_features')
    this.schema.dropTable('rooms')
  }
}
