import {
  fromHalalas,
  type LedgerMonthState,
  type OverdueBucket,
  type PaymentMethod,
} from '@sakan/common'
import { csvCell } from '#transformers/payment_export_transformer'

/** The rent roll CSV's columns, in order; their headers are `rentRoll.csv.<column>` in her language. */
export const RENT_ROLL_CSV_COLUMNS = [
  'tenancyId',
  'resident',
  'email',
  'building',
  'room',
  'monthlyRent',
  'expected',
  'state',
  'paidBy',
  'lateFee',
  'owedNow',
  'overdueSince',
  'bucket',
] as const

/** The rent roll's words in the administrator's language. */
export interface RentRollLabels {
  state: (state: LedgerMonthState) => string
  method: (method: PaymentMethod) => string
  bucket: (bucket: OverdueBucket) => string
}

/** One stay's line of the month, amounts in halalas. */
export interface RentRollLine {
  tenancyId: number
  resident: string | null
  email: string | null
  building: string | null
  room: string | null
  monthlyRent: number
  expected: number
  state: LedgerMonthState
  paidBy: PaymentMethod | null
  lateFee: number
  owedNow: number
  overdueSince: string | null
  bucket: OverdueBucket | null
}

const sar = (halalas: number) => fromHalalas(halalas).toFixed(2)

/** A stay's line as CSV cells, in `RENT_ROLL_CSV_COLUMNS`' order; written text made formula-safe. */
export function rentRollCsvRecord(line: RentRollLine, labels: RentRollLabels) {
  return [
    line.tenancyId,
    csvCell(line.resident),
    csvCell(line.email),
    csvCell(line.building),
    csvCell(line.room),
    sar(line.monthlyRent),
    sar(line.expected),
    labels.state(line.state),
    line.paidBy ? labels.method(line.paidBy) : '',
    sar(line.lateFee),
    sar(line.owedNow),
    line.overdueSince ?? '',
    line.bucket ? labels.bucket(line.bucket) : '',
  ]
}
