import { describe, expect, it } from 'vitest'
import { applicationsIn } from './fixtures'
import {
  cardFormSettings,
  firstOpenMonth,
  monthOptions,
  payableRooms,
  paymentRecord,
  paymentRules,
  refundReasonOf,
} from '../src/lib/payment'
import { callbackStart, callbackView } from '../src/lib/payment-callback'

const application = applicationsIn(
  { createdAt: '2026-11-01T09:00:00.000Z', moveInDate: '2026-12-01' },
  (roomId) => ({
    id: roomId,
    roomNumber: String(100 + roomId),
    price: 1500 + roomId,
    building: { id: 1, name: 'Olaya', name_en: 'Olaya', name_ar: 'العليا' },
  })
)

describe('payable rooms (spec §2 Payment)', () => {
  it('offers each approved room once and nothing else', () => {
    const rooms = payableRooms([
      application(1, 'approved', 7),
      application(2, 'pending', 8),
      application(3, 'approved', 7),
      application(4, 'rejected', 9),
      application(5, 'approved', 10),
    ])
    expect(rooms.map((room) => room.roomId)).toEqual([7, 10])
    expect(rooms[0]).toMatchObject({ roomNumber: '107', price: 1507 })
  })
})

describe('months offered (spec §9)', () => {
  // 2026-11-30 22:30 UTC is already 1 December 2026 in Riyadh (UTC+3).
  const now = new Date('2026-11-30T22:30:00.000Z')
  const payments = [
    { roomId: 7, monthCovered: '2026-12', paymentStatus: 'completed' as const },
    { roomId: 7, monthCovered: '2027-01', paymentStatus: 'failed' as const },
    { roomId: 7, monthCovered: '2027-02', paymentStatus: 'refunded' as const },
    { roomId: 8, monthCovered: '2027-03', paymentStatus: 'completed' as const },
  ]

  it('lists twelve months from the current Riyadh month', () => {
    const months = monthOptions(7, payments, now)
    expect(months).toHaveLength(12)
    expect(months[0]?.value).toBe('2026-12')
    expect(months[11]?.value).toBe('2027-11')
  })

  it('marks only the chosen room’s completed months as paid', () => {
    const paid = monthOptions(7, payments, now)
      .filter((month) => month.paid)
      .map((month) => month.value)
    expect(paid).toEqual(['2026-12'])
    expect(monthOptions(8, payments, now).filter((month) => month.paid)).toEqual([
      { value: '2027-03', paid: true },
    ])
    expect(monthOptions(null, payments, now).some((month) => month.paid)).toBe(false)
  })

  it('preselects the first month not paid, or none when all are paid', () => {
    expect(firstOpenMonth(monthOptions(7, payments, now))).toBe('2027-01')
    const everyMonth = monthOptions(9, [], now).map((month) => ({
      roomId: 9,
      monthCovered: month.value,
      paymentStatus: 'completed' as const,
    }))
    expect(firstOpenMonth(monthOptions(9, everyMonth, now))).toBeNull()
  })

  it('requires a room and a month (spec §5)', () => {
    expect(paymentRules.roomId(null)).toBe('payment.validation.room')
    expect(paymentRules.roomId('7')).toBeNull()
    expect(paymentRules.monthCovered(null)).toBe('payment.validation.month')
    expect(paymentRules.monthCovered('2026-12')).toBeNull()
  })
})

describe('card form settings (spec §7)', () => {
  const [room] = payableRooms([application(1, 'approved', 7)])
  const settings = cardFormSettings({
    room: room!,
    monthCovered: '2026-12',
    userId: 42,
    description: 'Rent for room 107, Olaya, December 2026',
    gateway: { publishableKey: 'pk_test_sandbox', baseUrl: 'http://127.0.0.1:4010' },
    origin: 'http://127.0.0.1:3000',
    language: 'ar',
  })

  it('charges the price in halalas in SAR, by card only, back to the callback page', () => {
    expect(settings).toMatchObject({
      amount: 150700,
      currency: 'SAR',
      methods: ['creditcard'],
      publishable_api_key: 'pk_test_sandbox',
      base_url: 'http://127.0.0.1:4010',
      callback_url: 'http://127.0.0.1:3000/payment/callback',
      language: 'ar',
      metadata: { roomId: 7, monthCovered: '2026-12', userId: 42 },
    })
  })

  it('records the gateway’s payment for the room and month in SAR', () => {
    expect(paymentRecord(settings, { id: 'pay_1', status: 'initiated', amount: 150700 })).toEqual({
      roomId: 7,
      amount: 1507,
      paymentMethod: 'creditCard',
      monthCovered: '2026-12',
      paymentReference: 'pay_1',
      paymentStatus: 'initiated',
    })
  })
})

describe('refund reason (dashboard Payments tab)', () => {
  it('is shown for refunded payments that carry one', () => {
    expect(
      refundReasonOf({ paymentStatus: 'refunded', statusReason: ' Month already paid ' })
    ).toBe('Month already paid')
    expect(refundReasonOf({ paymentStatus: 'refunded', statusReason: null })).toBeNull()
    expect(refundReasonOf({ paymentStatus: 'completed', statusReason: 'x' })).toBeNull()
  })
})

describe('callback view (spec §4, §8)', () => {
  const verify = callbackStart(new URLSearchParams('id=pay_1&status=paid'))

  it('fails without verifying on the form’s own failure', () => {
    expect(
      callbackView(callbackStart(new URLSearchParams('id=pay_1&status=failed&message=null')), {
        status: 'pending',
      })
    ).toEqual({ kind: 'failed', message: null, fallback: 'notCompleted' })
    expect(
      callbackView(callbackStart(new URLSearchParams('status=paid&message=Declined')), {
        status: 'pending',
      })
    ).toEqual({ kind: 'failed', message: 'Declined', fallback: 'notCompleted' })
  })

  it('verifies, then succeeds on paid or completed with the amount', () => {
    expect(callbackView(verify, { status: 'pending' })).toEqual({ kind: 'verifying' })
    expect(
      callbackView(verify, { status: 'success', data: { status: 'paid', amount: 1507 } })
    ).toEqual({ kind: 'success', amount: 1507 })
    expect(
      callbackView(verify, { status: 'success', data: { status: 'completed', amount: 1500 } })
    ).toEqual({ kind: 'success', amount: 1500 })
  })

  it('fails with the provider’s message when the gateway disagrees', () => {
    expect(
      callbackView(verify, {
        status: 'success',
        data: { status: 'failed', amount: 1507, message: 'Insufficient Funds' },
      })
    ).toEqual({ kind: 'failed', message: 'Insufficient Funds', fallback: 'notProcessed' })
    expect(
      callbackView(verify, {
        status: 'success',
        data: { status: 'initiated', amount: 1507, message: 'null' },
      })
    ).toEqual({ kind: 'failed', message: null, fallback: 'notProcessed' })
  })

  it('says verification failed when the server cannot answer', () => {
    expect(callbackView(verify, { status: 'error' })).toEqual({ kind: 'verificationError' })
  })
})
