/* What every answer of the API must be, whatever was asked: never a 5xx, refusals in the one error shape. */
import type { Assert } from '@japa/assert'
import type { ApiResponse } from '@japa/api-client'

/**
 * Asserts an answer's status is below 500 and, for a refusal (4xx), that its body is the
 * error shape (common `ErrorBody`): a non-empty `message` and, at most, `errors`, each with
 * exactly a `field`, a `rule` and a `message`, all text. Answers whether it was a refusal.
 */
export function assertAnswer(
  assert: Assert,
  answer: { status: number; body: unknown },
  input: unknown
): boolean {
  const { status, body } = answer
  const context = `${status} for ${JSON.stringify(input)?.slice(0, 300)}`
  assert.isBelow(status, 500, context)
  if (status < 400) return false
  assert.isObject(body, context)
  const shape = body as Record<string, unknown>
  assert.isString(shape.message, context)
  assert.isNotEmpty(shape.message, context)
  assert.includeMembers(['message', 'errors'], Object.keys(shape), context)
  if ('errors' in shape) {
    assert.isArray(shape.errors, context)
    for (const error of shape.errors as object[]) {
      assert.sameMembers(Object.keys(error), ['field', 'rule', 'message'], context)
      for (const part of Object.values(error)) assert.isString(part, context)
    }
  }
  return true
}

/** Asserts an answer's status and the `message` of its body (`context` names a failure). */
export function assertMessage(
  assert: Assert,
  response: ApiResponse,
  status: number,
  message: string,
  context?: string
) {
  response.assertStatus(status)
  assert.equal(response.body().message, message, context)
}
