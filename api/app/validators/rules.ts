import vine from '@vinejs/vine'

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
