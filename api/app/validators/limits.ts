import { MAINTENANCE_MAX_PHOTOS } from '@sakan/common'

/*
 * Bounds that keep validated numbers inside what the database takes: past them a query
 * would fail in SQL (a 500) instead of being refused here (a 422).
 */

/** The largest id a row can have (PostgreSQL's `integer`). */
export const MAX_ID = 2_147_483_647

/** The largest page start or end of a list: beyond any real list, within SQL's OFFSET range. */
export const MAX_OFFSET = 1_000_000_000

/**
 * Route matcher for a row id in the path: 1 to MAX_ID exactly, so `/rooms/99999999999` is a
 * 404 like any unknown id rather than an out-of-range error from PostgreSQL.
 */
export const rowId = {
  match:
    /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/,
  cast: (value: string) => Number(value),
}

/** Route matcher for a maintenance photo's number in the path: 1 to MAINTENANCE_MAX_PHOTOS. */
export const photoNumber = {
  match: new RegExp(`^[1-${MAINTENANCE_MAX_PHOTOS}]$`),
  cast: (value: string) => Number(value),
}
