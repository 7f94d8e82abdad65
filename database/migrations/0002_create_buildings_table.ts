import { BaseSchema } from '@adonisjs/lucid/schema'
import { BUILDING_AMENITIES, ZONES } from '@sakan/common'
import { valueList } from '../schema_helpers.js'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('buildings', (table) => {
      table.increments('id')
      table.string('name_en', 160).notNullable()
      table.string('name_ar', 160).notNullable()
      table.string('address_en', 300).notNullable()
      table.string('address_ar', 300).notNullable()
      table.enum('zone', ZONES).notNullable().index()
      table.double('latitude').notNullable().checkBetween([-90, 90])
      table.double('longitude').notNullable().checkBetween([-180, 180])
      table.boolean('is_fully_managed').notNullable().defaultTo(false)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['name_en'])
    })

    /* One row per amenity: "has all of these amenities" is an indexed lookup, and each value is checked. */
    this.schema.createTable('building_amenities', (table) =>
      valueList(table, 'building_id', 'buildings.id', 'amenity', BUILDING_AMENITIES)
    )
  }

  async down() {
    this.schema.dropTable('building_amenities')
    this.schema.dropTable('buildings')
  }
}
