import type { HttpContext } from '@adonisjs/core/http'
import type { VineValidator } from '@vinejs/vine'
import type { Infer, SchemaTypes } from '@vinejs/vine/types'
import type User from '#models/user'
import type { Removal } from '#services/catalog_admin'
import { formMessages } from '#validators/messages'

/*
 * The back office's catalogue writes (buildings, rooms, reviews) as their controllers run
 * them, and how a removal is answered.
 */

/**
 * A catalogue form's write: its body validated with the catalogue's messages in her
 * language, then the policy's ability asked, then the service's write (whose field refusals
 * the exception handler answers as 422s). Answers what the write answers (the record's id,
 * null when it is unknown).
 */
export async function catalogWrite<Schema extends SchemaTypes, Written>(
  ctx: HttpContext,
  validator: VineValidator<Schema, Record<string, any> | undefined>,
  authorize: () => Promise<void>,
  write: (admin: User, input: Infer<Schema>) => Promise<Written>
): Promise<Written> {
  const input = await ctx.request.validateUsing(validator, {
    messagesProvider: formMessages(ctx, 'catalog'),
  })
  await authorize()
  return write(ctx.auth.getUserOrFail(), input)
}

/**
 * A removal's answer: 404 for an unknown record, 204 when it was deleted (after `onDeleted`),
 * else 200 with when it was archived (it has a history to keep).
 */
export async function removalAnswer(
  ctx: HttpContext,
  removal: Removal,
  onDeleted: () => Promise<void> = async () => {}
) {
  if (removal === null) return ctx.response.notFound({ message: ctx.i18n.t('errors.notFound') })
  if ('deleted' in removal) {
    await onDeleted()
    return ctx.response.noContent()
  }
  return { archived: true, archivedAt: removal.archivedAt.toUTC().toISO() }
}
