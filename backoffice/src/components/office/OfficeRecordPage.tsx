/**
 * A back-office record's page (an application, a payment, a maintenance request, a stay): the
 * office frame around the record's card — busy while the record loads, its content once it is
 * there — and what follows the card; the error in the frame when the record cannot be read.
 */
import type { ReactNode } from 'react'
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
  /** The card's content, once the record is there. */
  children: (record: T) => ReactNode
  /** Under the card (a ledger, the page's dialogs). */
  after?: ReactNode
}) {
  if (query.isError) return <RecordError title={title} />
  return (
    <OfficeFrame title={title} actions={actions}>
      <RecordSection loading={query.isLoading} testId={testId} className={className}>
        {record && children(record)}
      </RecordSection>
      {after}
    </OfficeFrame>
  )
}
