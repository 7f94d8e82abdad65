/**
 * A stay's rent ledger (`GET /api/tenancies/{id}/ledger`), read once for its table and the
 * "Record a payment" dialog alike, under a key the stay's actions read again after a change.
 */
import { useCustom } from '@refinedev/core'
import type { LedgerRow } from '@sakan/common'

/** Where the ledger of stay `id` is kept, so an action can have it read again. */
export const ledgerKey = (id: number | string) => ['sakan', 'tenancies', String(id), 'ledger']

export function useLedger(id: number) {
  const { query, result } = useCustom<LedgerRow[]>({
    url: `/api/tenancies/${id}/ledger`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ledgerKey(id) },
  })
  return { query, rows: query.isSuccess ? result.data : [] }
}
