import { Exception } from '@adonisjs/core/exceptions'

/*
 * The services' refusals that are not about one field (those are `FieldRefusalException`): the
 * message is a catalogue key, which the exception handler answers in the caller's language.
 */

/** 404: the record named does not exist (or is not the caller's to see). */
export const notFound = () => new Exception('errors.notFound', { status: 404, code: 'E_NOT_FOUND' })

/** 409: the record's state forbids the change now (taken, already done, changed meanwhile). */
export const conflict = (key: string) => new Exception(key, { status: 409, code: 'E_CONFLICT' })

/** 422: the request can never be carried out as asked (a card payment voided, too much refunded). */
export const unprocessable = (key: string) =>
  new Exception(key, { status: 422, code: 'E_UNPROCESSABLE' })
