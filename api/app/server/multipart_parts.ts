import { createRequire } from 'node:module'
import type { EventEmitter } from 'node:events'

/*
 * @poppinss/multiparty, the parser under @adonisjs/bodyparser 11, reports a body that ends in
 * the middle of a part ("stream ended unexpectedly") on that part's stream as well as on the
 * form. A part the body parser skips (no name, an empty file name) or one already handled has
 * nobody listening on its stream, and an 'error' event nobody listens to is thrown: an
 * uncaught exception, which stops the process, and the request never answered (found by
 * tests/functional/fuzz_routes.spec.ts). Every part gets a listener here; the form's own
 * error still refuses the request (a 400, server/uploads.ts).
 *
 * The parser is the body parser's own copy, resolved from it.
 */
const fromBodyParser = createRequire(import.meta.resolve('@adonisjs/bodyparser'))
const { Form } = fromBodyParser('@poppinss/multiparty') as {
  Form: { prototype: { parse(this: EventEmitter, ...args: unknown[]): unknown } }
}

const parse = Form.prototype.parse
Form.prototype.parse = function (this: EventEmitter, ...args: unknown[]) {
  this.on('part', (part: EventEmitter) => part.on('error', () => {}))
  return parse.apply(this, args)
}
