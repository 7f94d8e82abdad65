import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'

/**
 * A refusal the client can fix, on one field, found by a service past the validator (a taken
 * room number, an archived building, an image too small): answered as a 422 like VineJS's own.
 */
export class FieldRefusal extends Error {
  constructor(
    readonly field: string,
    readonly messageKey: string
  ) {
    super(messageKey)
  }
}

/** The VineJS error the exception handler answers as a 422, with the message in her language. */
export function refusalError(refusal: FieldRefusal, t: (key: string) => string) {
  return new vineErrors.E_VALIDATION_ERROR([
    { field: refusal.field, rule: 'database', message: t(refusal.messageKey) },
  ])
}

/** Turns a field refusal of the catalogue service into its 422; anything else goes on. */
export async function refusingFields<T>(ctx: HttpContext, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof FieldRefusal) throw refusalError(error, (key) => ctx.i18n.t(key))
    throw error
  }
}
