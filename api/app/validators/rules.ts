import vine from '@vinejs/vine'
import { DateTime } from 'luxon'

/**
 * This field must not be below another field of the same object (`above`: strictly above).
 * The other value is read as sent; when it is itself invalid, its own rule reports it.
 */
export const notBelow = vine.createRule(
  (value: unknown, options: { other: string; rule: string; above?: boolean }, field) => {
    if (!field.isValid) return
    const other = Number(field.parent[options.other])
    if (field.parent[options.other] === undefined || Number.isNaN(other)) return
    const current = Number(value)
    if (options.above ? current <= other : current < other) {
      field.report(`The {{ field }} field must not be below ${options.other}`, options.rule, field)
    }
  }
)

/** A day that exists on the calendar: `2030-02-30` has the right shape but no such day. */
const calendarDate = vine.createRule((value: unknown, _options: undefined, field) => {
  if (!field.isValid || typeof value !== 'string') return
  if (!DateTime.fromFormat(value, 'yyyy-MM-dd', { zone: 'utc' }).isValid) {
    field.report('Please choose a valid move-in date', 'date', field)
  }
})

/** A `yyyy-MM-dd` date that is a day of the calendar; the field's own limits come after. */
export const calendarDateField = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .use(calendarDate())
