import vine from '@vinejs/vine'
import { MAX_OFFSET } from '#validators/limits'
import { notBelow } from '#validators/rules'

/**
 * The paging fields every list accepts (Refine's simple-rest `_start`/`_end`): `_start`
 * inclusive, `_end` exclusive and after `_start` (the contract's `PageRange`); spread into a
 * list's validator.
 */
export const pagingFields = {
  _start: vine.number().withoutDecimals().min(0).max(MAX_OFFSET).optional(),
  _end: vine
    .number()
    .withoutDecimals()
    .min(1)
    .max(MAX_OFFSET)
    .use(notBelow({ other: '_start', rule: 'pageRange', above: true }))
    .optional(),
}
