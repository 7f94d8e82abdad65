import type { DateTime } from 'luxon'
import type * as Api from '@sakan/common'
import { fromHalalas, type Locale, type PaymentKind, type PrepayQuote } from '@sakan/common'
import type Payment from '#models/payment'
import type Receipt from '#models/receipt'
import { instant, residentRef, roomRef } from '#transformers/helpers'

/** What the server priced for a claim of hers (halalas), and the claim itself, signed. */
export interface PricedClaim extends PrepayQuote {
  roomId: number
  kind: PaymentKind
  months: string[]
  claim: string
}

/** The amount the server will require, in SAR, and the claim the card form must carry. */
export function serializePaymentQuote(quote: PricedClaim): Api.PaymentQuote {
  return {
    roomId: quote.roomId,
    kind: quote.kind,
    monthsCovered: quote.months,
    gross: fromHalalas(quote.gross),
    discountPercent: quote.discountPercent,
    discount: fromHalalas(quote.discount),
    amount: fromHalalas(quote.amount),
    currency: 'SAR',
    claim: quote.claim,
  }
}

/**
 * A completed payment's receipt: its payment with the payer and the room (building loaded),
 * and what it paid for, months in order.
 */
export function serializeReceipt(
  issued: {
    payment: Payment
    receipt: Receipt
    claim: { kind: PaymentKind; months: string[] }
    refunds: { amountHalalas: number; reason: string; createdAt: DateTime }[]
  },
  locale: Locale
): Api.Receipt {
  const { payment, receipt, claim, refunds } = issued
  return {
    number: receipt.reference,
    issuedAt: instant(receipt.issuedAt),
    paymentId: payment.id,
    kind: claim.kind,
    monthsCovered: claim.months,
    gross: fromHalalas(receipt.grossHalalas),
    discount: fromHalalas(receipt.discountHalalas),
    amount: payment.amount,
    currency: payment.currency,
    paymentMethod: payment.method,
    paymentReference: payment.paymentReference,
    paymentDate: payment.paymentDate ? instant(payment.paymentDate) : null,
    refunded: payment.status === 'refunded',
    refundedAmount: fromHalalas(payment.refundedHalalas),
    refunds: refunds.map((refund) => ({
      amount: fromHalalas(refund.amountHalalas),
      reason: refund.reason,
      createdAt: instant(refund.createdAt),
    })),
    voided: payment.status === 'voided',
    voidReason: payment.voidReason,
    resident: residentRef(payment.user),
    room: roomRef(payment.room, locale),
  }
}

/** The gateway's word on one card payment, as the gateway reported it (amount in halalas). */
export interface GatewayWord {
  id: string
  status: string
  amountHalalas: number
  createdAt: string
  message: string | null
}

/** The gateway's word on a payment, with our record's id (null when it was not recorded). */
export function serializePaymentVerification(
  gateway: GatewayWord,
  paymentId: number | null
): Api.PaymentVerification {
  return {
    id: gateway.id,
    status: gateway.status,
    amount: fromHalalas(gateway.amountHalalas),
    created: gateway.createdAt,
    message: gateway.message,
    paymentId,
  }
}
