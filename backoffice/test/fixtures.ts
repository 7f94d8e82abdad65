/** Records as the API answers them, for the tests that need a few: what varies is given. */
import type {
  Application,
  LedgerRow,
  Payment,
  Receipt,
  RentRoll,
  ResidentRef,
  RoomRef,
  Tenancy,
} from '@sakan/common'

/** An application of hers: its number, status, dates and room; no note, document or review. */
export function applicationOf(
  id: number,
  status: Application['status'],
  dates: Pick<Application, 'createdAt' | 'moveInDate'>,
  room: NonNullable<Application['room']>
): Application {
  return {
    id,
    status,
    ...dates,
    additionalInfo: null,
    idDocument: null,
    idDocumentType: null,
    documentViews: { count: 0, lastAt: null },
    documentDestroyedAt: null,
    reviewedAt: null,
    roomId: room.id,
    user: null,
    room,
  }
}

/** Her applications with the same dates, each in the room `roomOf` makes of its number. */
export function applicationsIn(
  dates: Pick<Application, 'createdAt' | 'moveInDate'>,
  roomOf: (roomId: number) => NonNullable<Application['room']>
) {
  return (id: number, status: Application['status'], roomId: number): Application =>
    applicationOf(id, status, dates, roomOf(roomId))
}

type ApplicationMaker = ReturnType<typeof applicationsIn>

/**
 * Her applications as the lists of her approved rooms meet them: room 7 approved twice (the
 * room counts once), room 8 pending and room 9 rejected (neither counts).
 */
export function decidedApplications(application: ApplicationMaker): Application[] {
  return [
    application(1, 'approved', 7),
    application(2, 'pending', 8),
    application(3, 'approved', 7),
    application(4, 'rejected', 9),
  ]
}

/** Noura, the resident of the payment, stay and receipt fixtures. */
export const NOURA: ResidentRef = { id: 34, fullName: 'Noura Alqahtani', email: 'noura@sakan.test' }

/** Room 101 of Olaya Residence. */
export const ROOM_101: RoomRef = {
  id: 7,
  roomNumber: '101',
  building: { id: 3, name: 'Olaya Residence', name_en: 'Olaya Residence', name_ar: 'سكن العليا' },
}

/**
 * A payment of hers for room 101: a card payment of one month's rent (SAR 1,500), completed,
 * nothing refunded or voided, unless `changes` say otherwise.
 */
export function paymentOf(id: number, changes: Partial<Payment> = {}): Payment {
  return {
    id,
    amount: 1500,
    currency: 'SAR',
    paymentMethod: 'creditCard',
    monthCovered: '2027-01',
    paymentReference: `pay_${id}`,
    paymentStatus: 'completed',
    statusReason: null,
    paymentDate: '2027-01-02T09:00:00.000Z',
    createdAt: '2027-01-02T08:59:00.000Z',
    roomId: ROOM_101.id,
    room: ROOM_101,
    user: NOURA,
    kind: 'rent',
    monthsCovered: ['2027-01'],
    refundedAmount: 0,
    voidReason: null,
    ...changes,
  }
}

/** The receipt of a payment as `paymentOf` makes it, unless `changes` say otherwise. */
export function receiptOf(payment: Payment, changes: Partial<Receipt> = {}): Receipt {
  return {
    number: '2027-000042',
    issuedAt: payment.paymentDate ?? payment.createdAt,
    paymentId: payment.id,
    kind: payment.kind,
    monthsCovered: payment.monthsCovered,
    gross: payment.amount,
    discount: 0,
    amount: payment.amount,
    currency: 'SAR',
    paymentMethod: payment.paymentMethod,
    paymentReference: payment.paymentReference,
    paymentDate: payment.paymentDate,
    refunded: payment.paymentStatus === 'refunded',
    refundedAmount: payment.refundedAmount,
    refunds: [],
    voided: payment.paymentStatus === 'voided',
    voidReason: payment.voidReason,
    resident: payment.user,
    room: payment.room,
    ...changes,
  }
}

/** A month of a stay's ledger at SAR 1,500, due on the 1st; paid by payment `paymentId` if given. */
export function ledgerRowOf(
  month: string,
  state: LedgerRow['state'],
  changes: Partial<LedgerRow> = {}
): LedgerRow {
  return {
    month,
    state,
    amount: 1500,
    lateFee: 0,
    paymentId: null,
    paymentMethod: null,
    refunded: 0,
    dueDate: `${month}-01`,
    ...changes,
  }
}

/** Her stay in room 101 from 1 November 2026 at SAR 1,500 a month, its deposit held. */
export function tenancyOf(id: number, changes: Partial<Tenancy> = {}): Tenancy {
  return {
    id,
    roomId: ROOM_101.id,
    userId: NOURA.id,
    applicationId: 12,
    monthlyRent: 1500,
    startDate: '2026-11-01',
    endDate: null,
    endReason: null,
    state: 'active',
    deposit: { amount: 1500, state: 'held', paid: 1500, returnedAmount: null, reason: null },
    ejarContractNumber: null,
    balance: 0,
    owed: { rent: 0, deposit: 0 },
    overdue: false,
    room: ROOM_101,
    user: NOURA,
    settlements: [],
    ...changes,
  }
}

/**
 * A month's rent roll for all buildings: 20 rooms, 16 held; SAR 24,000 expected, 19,500 paid;
 * collected by card and Ejar; two residents behind, 45 and 100 days; 12 months of history.
 */
export function rentRollOf(month: string, changes: Partial<RentRoll> = {}): RentRoll {
  const [year = 2027, number = 1] = month.split('-').map(Number)
  const history = Array.from({ length: 12 }, (_, index) => {
    const at = new Date(Date.UTC(year, number - 12 + index, 1))
    return {
      month: `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`,
      expected: 24000,
      collected: { creditCard: 15000, ejar: 3000, bank_transfer: 1500, cash: 0 },
    }
  })
  return {
    month,
    buildingId: null,
    asOf: `${month}-15`,
    currency: 'SAR',
    rooms: 20,
    occupied: 16,
    expected: 24000,
    paid: 19500,
    outstanding: 4500,
    lateFees: 150,
    collected: {
      total: 19500,
      byMethod: { creditCard: 15000, ejar: 3000, bank_transfer: 1500, cash: 0 },
    },
    depositsHeld: 22500,
    behind: {
      buckets: [
        { bucket: '1_30', residents: 0, owed: 0 },
        { bucket: '31_60', residents: 1, owed: 3000 },
        { bucket: '61_90', residents: 0, owed: 0 },
        { bucket: 'over_90', residents: 1, owed: 6150 },
      ],
      total: 2,
      residents: [
        {
          tenancyId: 9,
          user: { id: 40, fullName: 'Hind Alotaibi', email: 'hind@sakan.test' },
          room: { ...ROOM_101, id: 8, roomNumber: '102' },
          owed: 6150,
          overdueSince: '2026-12-01',
          days: 100,
          bucket: 'over_90',
        },
        {
          tenancyId: 5,
          user: NOURA,
          room: ROOM_101,
          owed: 3000,
          overdueSince: '2027-01-30',
          days: 45,
          bucket: '31_60',
        },
      ],
    },
    history,
    ...changes,
  }
}
