/*
 * Payments kept in memory, in Moyasar's JSON shape, and what each test card does at the
 * 3-D Secure step.
 */
import { randomInt, randomUUID } from 'node:crypto'
import { type CreateInput } from './validation.ts'

export type PaymentStatus =
  'initiated' | 'paid' | 'failed' | 'authorized' | 'captured' | 'refunded' | 'voided'

export type Payment = {
  id: string
  status: PaymentStatus
  amount: number
  fee: number
  currency: string
  refunded: number
  refunded_at: string | null
  captured: number
  captured_at: string | null
  voided_at: string | null
  description: string
  amount_format: string
  fee_format: string
  refunded_format: string
  captured_format: string
  invoice_id: null
  ip: string | null
  callback_url: string
  created_at: string
  updated_at: string
  metadata: Record<string, unknown> | null
  source: {
    type: 'creditcard'
    company: 'visa' | 'mada' | 'master'
    name: string
    number: string
    gateway_id: string
    reference_number: string | null
    token: null
    message: string | null
    transaction_url: string
  }
}

/** Outcomes of the 3-D Secure step for Moyasar's declining test cards; any other card is paid. */
const DECLINING_CARDS: Record<string, string> = {
  '4201321234411220': 'DECLINED',
  '4201320000311101': 'INSUFFICIENT FUNDS',
  '4201320000013020': 'UNSPECIFIED FAILURE',
}
export const APPROVED_MESSAGE = 'APPROVED'
export const THREE_DS_FAILED_MESSAGE = '3-D Secure transaction attempt failed'

/** A few mada BINs (Saudi debit cards, which start with 4 or 5 like Visa and Mastercard). */
const MADA_BINS = ['420132', '440647', '440795', '446404', '457865', '588845', '968208']

export function cardCompany(number: string): 'visa' | 'mada' | 'master' {
  if (MADA_BINS.includes(number.slice(0, 6))) return 'mada'
  return number.startsWith('4') ? 'visa' : 'master'
}

/** "4111111111111111" → "4111-11XX-XXXX-1111" (first six and last four digits). */
export function maskNumber(number: string): string {
  const masked = number.slice(0, 6) + 'X'.repeat(number.length - 10) + number.slice(-4)
  return masked.match(/.{1,4}/g)?.join('-') ?? masked
}

/** 10000 halalas → "100.00 SAR". */
export function formatAmount(halalas: number, currency: string): string {
  return `${(halalas / 100).toFixed(2)} ${currency}`
}

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => randomInt(10)).join('')
}

export class PaymentStore {
  #payments = new Map<string, Payment>()
  /** Card numbers stay here, out of the payment object, to decide the 3-D Secure outcome. */
  #cards = new Map<string, string>()

  create(input: CreateInput, ip: string | null, sandboxUrl: string): Payment {
    const id = randomUUID()
    const now = new Date().toISOString()
    const payment: Payment = {
      id,
      status: 'initiated',
      amount: input.amount,
      fee: 0,
      currency: input.currency,
      refunded: 0,
      refunded_at: null,
      captured: 0,
      captured_at: null,
      voided_at: null,
      description: input.description,
      amount_format: formatAmount(input.amount, input.currency),
      fee_format: formatAmount(0, input.currency),
      refunded_format: formatAmount(0, input.currency),
      captured_format: formatAmount(0, input.currency),
      invoice_id: null,
      ip,
      callback_url: input.callbackUrl,
      created_at: now,
      updated_at: now,
      metadata: input.metadata,
      source: {
        type: 'creditcard',
        company: cardCompany(input.card.number),
        name: input.card.name,
        number: maskNumber(input.card.number),
        gateway_id: `sandbox_cc_${randomUUID().replaceAll('-', '')}`,
        reference_number: null,
        token: null,
        message: null,
        transaction_url: `${sandboxUrl}/3ds/${id}`,
      },
    }
    this.#payments.set(id, payment)
    this.#cards.set(id, input.card.number)
    return payment
  }

  get(id: string): Payment | undefined {
    return this.#payments.get(id)
  }

  /** Newest first. */
  list(): Payment[] {
    return [...this.#payments.values()].reverse()
  }

  /** Ends the 3-D Secure step: the card's outcome when authenticated, failed otherwise. */
  complete(payment: Payment, authenticated: boolean): Payment {
    const now = new Date().toISOString()
    const number = this.#cards.get(payment.id) ?? ''
    const declined = DECLINING_CARDS[number]
    if (authenticated && declined === undefined) {
      payment.status = 'paid'
      payment.source.message = APPROVED_MESSAGE
      payment.source.reference_number = randomDigits(12)
      payment.captured = payment.amount
      payment.captured_at = now
      payment.captured_format = formatAmount(payment.amount, payment.currency)
    } else {
      payment.status = 'failed'
      payment.source.message = authenticated ? (declined ?? '') : THREE_DS_FAILED_MESSAGE
    }
    payment.updated_at = now
    this.#cards.delete(payment.id)
    return payment
  }

  refund(payment: Payment, amount: number): Payment {
    const now = new Date().toISOString()
    payment.status = 'refunded'
    payment.refunded = (payment.refunded ?? 0) + amount
    payment.refunded_at = now
    payment.refunded_format = formatAmount(payment.refunded, payment.currency)
    payment.updated_at = now
    return payment
  }

  reset(): void {
    this.#payments.clear()
    this.#cards.clear()
  }
}
