import { Exception } from '@adonisjs/core/exceptions'

/**
 * A refusal the client can fix, on one field, found by a service past the validator (a taken
 * room number, an archived building, an image too small). Its message is a catalogue key: the
 * exception handler answers it as VineJS's own 422 on that field, in the caller's language.
 */
export default class FieldRefusalException extends Exception {
  static status = 422
  static code = 'E_FIELD_REFUSAL'

  constructor(
    readonly field: string,
    readonly messageKey: string,
    /** The values its text is written with, in the caller's language. */
    readonly values: (locale: string) => Record<string, unknown> = () => ({})
  ) {
    super(messageKey)
  }
}
