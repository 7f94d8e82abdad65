import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The row of a model with this id, read inside the transaction and locked until it ends
 * (`FOR UPDATE` on PostgreSQL; SQLite takes the whole database for one writer at a time):
 * finish with `.first()` or `.firstOrFail()`.
 */
export function lockedById<Model extends LucidModel>(
  model: Model,
  trx: TransactionClientContract,
  id: number
) {
  return model.query({ client: trx }).where('id', id).forUpdate()
}
