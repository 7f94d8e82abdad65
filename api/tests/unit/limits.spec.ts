import { test } from '@japa/runner'
import { MAX_ID, rowId } from '#validators/limits'

test.group('Row ids in paths', () => {
  test('every id from 1 to the largest integer matches, nothing else', ({ assert }) => {
    const inside = [1, 9, 10, 99, 999_999_999, 1_000_000_000, 1_999_999_999, 2_000_000_000]
    for (let digits = 1; digits <= 10; digits++) inside.push(Number('1'.padEnd(digits, '0')))
    for (let below = 0; below < 5_000; below += 7) inside.push(MAX_ID - below)
    for (const id of [...inside, 2_147_483_599, 2_147_483_639, 2_147_483_640, 2_147_483_646]) {
      assert.isTrue(rowId.match.test(String(id)), String(id))
      assert.equal(rowId.cast(String(id)), id)
    }
    const outside = ['0', '01', '-1', '1.5', '1e3', '', ' 1', 'abc', '2147483648', '2147483650']
    outside.push('2147483700', '2147490000', '2148000000', '2200000000', '3000000000')
    outside.push('9999999999', '10000000000', '99999999999999999999')
    for (const path of outside) assert.isFalse(rowId.match.test(path), path)
  })
})
