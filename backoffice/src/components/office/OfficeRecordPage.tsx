/**
 * A back-office record's page (an application, a payment, a maintenance request, a stay): the
 * office frame around the record's card — busy while the record loads, once it is there its
 * facts in the office's layout, then the rest of its content — and what follows the card; the
 * error in the frame when the record cannot be read.
 */
import type { ReactNode } from 'react'
import { Facts, type Fact } from '../details/Facts'
import { RecordSection } from '../details/RecordSection'
import { OfficeFrame } from './OfficeFrame'
import { RecordError } from './OfficeForm'

export function OfficeRecordPage<T>({
  title,
  actions,
  query,
  record,
  testId,
  className,
  facts,
  children,
  after,
}: {
  title: string
  actions?: ReactNode
  /** The record's read (`useOfficeRecord`). */
  query: { isError: boolean; isLoading: boolean }
  record: T | undefined
  /** The card's test id. */
  testId: string
  /** More classes on the card. */
  className?: string
  /** The record's facts, first on the card (Facts: an entry it does not have is left out). */
  facts?: (record: T) => (Fact | false | null | undefined)[]
  /** The card's content after its facts, once the record is there. */
  children?: (record: T) => ReactNode
  /** Under the card (a ledger, the page's dialogs). */
  after?: ReactNode
}) {
  if (query.isError) return <RecordError title={title} />
  return (
    <OfficeFrame title={title} actions={actions}>
      <RecordSection loading={query.isLoading} testId={testId} className={className}>
        {record && facts && <Facts className="office-facts" facts={facts(record)} />}
        {record && children?.(record)}
      </RecordSection>
      {after}
    </OfficeFrame>
  )
}
