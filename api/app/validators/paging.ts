import vine from '@vinejs/vine'
import { MAX_OFFSET } from '#validators/limits'
import { notBelow } from '#validators/rules'

/** The largest page a list answers, whatever `_end` asks for. */
export const MAX_PAGE = 100

/**
 * The paging fields every list accepts (Refine's simple-rest `_start`/`_end`): `_start`
 * inclusive, `_end` exclusive and after `_start`; spread into a list's validator.
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

export interface PageRange {
  _start?: number
  _end?: number
}
