/**
 * A form the API refused: its field errors (422) put back under their fields, and the focus
 * taken to the first field to fix. Apart from the calls that send forms (use-multipart-post.ts
 * goes through Refine), so that a form calling the API itself loads none of Refine for them.
 */
import type { SyntheticEvent } from 'react'
import { isApiError } from '../../providers/http'

/**
 * The API's first message for each of `fields` it refused (422); an item of a list is
 * named by its place (`photos.1`) and shown under the list's field.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]) {
  const refused = (isApiError(error) && error.errors) || {}
  const errors: Record<string, string> = {}
  for (const name of fields) {
    const key = Object.keys(refused).find((field) => field.split('.')[0] === name)
    const message = key ? refused[key]?.[0] : undefined
    if (message) errors[name] = message
  }
  return errors
}

/** Focus on the first field to fix in `form` (as drawn now). */
export function focusFirstInvalidIn(form: Element | null | undefined) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}

/** `form.onSubmit`'s failure handler: focus on the first field to fix. */
export function focusFirstInvalid(
  _errors: unknown,
  _values: unknown,
  event?: SyntheticEvent<HTMLFormElement>
) {
  focusFirstInvalidIn(event?.currentTarget)
}
