import type { HttpContext } from '@adonisjs/core/http'
import type { MessagesProviderContact } from '@vinejs/vine/types'

/**
 * The caller's-language messages of one form: its own `<scope>.validation.<field>.<rule>`
 * (common/locales/<locale>/api.json) first, then the shared catalogue. So `roomId.required`
 * says 'Room selection is required' on the maintenance form and 'Please choose a room' on the
 * application form, as each form words it.
 */
export function formMessages(ctx: HttpContext, scope: string): MessagesProviderContact {
  const shared = ctx.i18n.createMessagesProvider()
  return {
    getMessage(defaultMessage, rule, field, meta) {
      const own = ctx.i18n.resolveIdentifier(`${scope}.validation.${field.wildCardPath}.${rule}`)
      if (!own) return shared.getMessage(defaultMessage, rule, field, meta)
      return ctx.i18n.formatRawMessage(own.message, {
        field: shared.translateField(field.name),
        ...meta,
      })
    },
  }
}
