import { test } from '@japa/runner'
import { jsonArrayBytes, jsonArrayOf } from '#services/sql_json'

test.group('JSON arrays of the rows the database built', () => {
  test('the bytes are the UTF-8 of the joined text, Arabic and emoji included', ({ assert }) => {
    const pages = [
      [],
      [{ json: '{"id":1}' }],
      [
        { json: '{"id":1,"title":"غرفة مشمسة في حي النرجس"}' },
        { json: '{"id":2,"title":"Sunny room 🌞","note":"\\u2028"}' },
        { json: '{"id":3,"title":""}' },
      ],
    ]
    for (const rows of pages) {
      const bytes = jsonArrayBytes(rows)
      assert.isTrue(bytes.equals(Buffer.from(jsonArrayOf(rows), 'utf8')))
      assert.deepEqual(JSON.parse(bytes.toString('utf8')), JSON.parse(jsonArrayOf(rows)))
    }
  })
})
