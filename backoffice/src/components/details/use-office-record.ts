/**
 * The record of a back-office page (`/admin/<resource>/:id`): Refine's `useShow` for the id in
 * the address, without an error toast — the page shows its own error (RecordError).
 */
import { useShow, type BaseRecord } from '@refinedev/core'
import { useParams } from 'react-router'

export function useOfficeRecord<T extends BaseRecord>(resource: string) {
  const { id } = useParams()
  const { query, result } = useShow<T>({ resource, id, errorNotification: false })
  return { id: id ?? '', query, record: result }
}
