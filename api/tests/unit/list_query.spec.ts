import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import { errors } from '@vinejs/vine'
import { listQueryFields, orderOf, searchPattern } from '#validators/list_query'

const SORTABLE = { id: 'x.id', createdAt: 'x.created_at', price: 'x.price_halalas' }
const validator = vine.create(vine.object(listQueryFields(SORTABLE)))

test.group('List query (simple-rest)', () => {
  test('a whitelisted field sorts, with the id as tie-breaker; no _sort is newest first', ({
    assert,
  }) => {
    assert.deepEqual(orderOf({}, SORTABLE, 'x.id'), [{ column: 'x.id', order: 'desc' }])
    assert.deepEqual(orderOf({ _sort: 'price', _order: 'desc' }, SORTABLE, 'x.id'), [
      { column: 'x.price_halalas', order: 'desc' },
      { column: 'x.id', order: 'desc' },
    ])
    assert.deepEqual(orderOf({ _sort: 'id' }, SORTABLE, 'x.id'), [{ column: 'x.id', order: 'asc' }])
  })

  test('a field off the whitelist is refused on _sort, never ordered by', async ({ assert }) => {
    for (const _sort of ['password', 'x.id; DROP TABLE rooms', 'created_at']) {
      try {
        await validator.validate({ _sort })
        assert.fail(`${_sort} was accepted`)
      } catch (error) {
        assert.instanceOf(error, errors.E_VALIDATION_ERROR)
        const [first] = (error as InstanceType<typeof errors.E_VALIDATION_ERROR>).messages
        assert.equal(first.field, '_sort')
        assert.equal(first.rule, 'enum')
      }
    }
    assert.deepEqual(await validator.validate({ _sort: 'createdAt', _order: 'desc', q: ' a ' }), {
      _sort: 'createdAt',
      _order: 'desc',
      q: 'a',
    })
  })

  test('the search matches its text literally, anywhere, case-insensitively', ({ assert }) => {
    assert.equal(searchPattern('Sara'), '%sara%')
    assert.equal(searchPattern('50%_off\\'), '%50\\%\\_off\\\\%')
  })
})
