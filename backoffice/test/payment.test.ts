import { describe, expect, it } from 'vitest'
import { applicationsIn, decidedApplications } from './fixtures'
import {
  cardFormSettings,
  payableRooms,
  paymentDateOf,
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
      ...decidedApplications(application),
      application(5, 'approved', 10),
    ])
    expect(rooms.map((room) => room.roomId)).toEqual([7, 10])
    expect(rooms[0]).toMatchObject({ roomNumber: '107', price: 1507 })
  })
})

describe('the payment form’s rules (spec §5)', () => {
  it('requires a room and a month', () => {
    expect(paymentRules.roomId(null)).toBe('payment.validation.room')
    expect(paymentRules.roomId('7')).toBeNull()
    expect(paymentRules.monthCovered(null)).toBe('payment.validation.month')
    expect(paymentRules.monthCovered('2026-12')).toBeNull()
  })
})

describe('card form settings (spec §7)', () => {
  const settings = cardFormSettings({
    quote: {
      roomId: 7,
      kind: 'rent',
      monthsCovered: ['2026-12'],
      amount: 1507,
      claim: 'v1.3.42.7.rent.2026-12+1.150700.1796000000.c2ln',
    },
    userId: 42,
    description: 'Rent for room 107, Olaya, December 2026',
    gateway: { publishableKey: 'pk_test_sandbox', baseUrl: 'http://127.0.0.1:4010' },
    origin: 'http://127.0.0.1:3000',
    language: 'ar',
  })

  it('charges the quote in halalas in SAR, by card only, back to the callback page', () => {
    expect(settings).toMatchObject({
      amount: 150700,
      currency: 'SAR',
      methods: ['creditcard'],
      publishable_api_key: 'pk_test_sandbox',
      base_url: 'http://127.0.0.1:4010',
      callback_url: 'http://127.0.0.1:3000/payment/callback',
      language: 'ar',
      metadata: {
        roomId: 7,
        monthCovered: '2026-12',
        userId: 42,
        claim: 'v1.3.42.7.rent.2026-12+1.150700.1796000000.c2ln',
      },
    })
  })

  it('records the gateway’s payment for the room and month in SAR', () => {
    expect(paymentRecord(settings, { id: 'pay_1', status: 'initiated', amount: 150700 })).toEqual({
      roomId: 7,
      claim: 'v1.3.42.7.rent.2026-12+1.150700.1796000000.c2ln',
      amount: 1507,
      paymentMethod: 'creditCard',
      monthCovered: '2026-12',
      paymentReference: 'pay_1',
      paymentStatus: 'initiated',
    })
  })
})

describe('the date a payment card shows (issue 41)', () => {
  const tried = '2026-11-02T08:00:00.000Z'
  const paid = '2026-11-02T08:01:00.000Z'

  it('is the payment date of a completed, refunded or voided payment, or none yet', () => {
    for (const paymentStatus of ['completed', 'refunded', 'voided'] as const) {
      expect(paymentDateOf({ paymentStatus, paymentDate: paid, createdAt: tried })).toEqual({
        kind: 'paid',
        date: paid,
      })
      expect(paymentDateOf({ paymentStatus, paymentDate: null, createdAt: tried })).toEqual({
        kind: 'paid',
        date: null,
      })
    }
  })

  it('is the attempt’s time for a failed or pending payment, which was never paid', () => {
    for (const paymentStatus of ['failed', 'pending'] as const)
      expect(paymentDateOf({ paymentStatus, paymentDate: null, createdAt: tried })).toEqual({
        kind: 'attempted',
        date: tried,
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
