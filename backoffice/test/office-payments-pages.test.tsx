// @vitest-environment jsdom
/**
 * Issue 44's screens as the administrator (and the resident) use them, rendered in jsdom inside
 * Refine's area, the API stood in for (test/dom-api.tsx): the rent roll — its figures, chart
 * and its table, the residents behind with the way to their stays, the filters in the address,
 * the empty and error states, the CSV in her language — in both languages; recording a payment
 * on a stay, its checks, the API's field errors under the fields and its 409 in the dialog;
 * voiding a recorded payment and refunding a card payment; the receipt of a voided payment and
 * of one partly refunded; and the ledgers naming how a month was paid.
 */
import {
  ADMIN,
  button,
  callsTo,
  choose,
  describedBy,
  dialog,
  field,
  json,
  mantineInJsdom,
  press,
  renderPage,
  sentJson,
  serve,
  text,
  toastTitled,
  type,
  unmountAll,
  until,
  type Answer,
  type Sent,
} from './dom-api'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import RefineArea from '../src/RefineArea'
import RentRollPage from '../src/pages/rent-roll/list'
import TenancyShowPage from '../src/pages/tenancies/show'
import PaymentShowPage from '../src/pages/payments/show'
import ReceiptPage from '../src/pages/receipt'
import { RentLedger } from '../src/components/dashboard/RentLedger'
import { currentUser } from '../src/providers/auth-client'
import { queryClient } from '../src/providers/query-client'
import { changeLanguage, initI18n, loadDataTexts } from '../src/providers/i18n'
import { currentMonth } from '../src/lib/rent-roll'
import '../src/components/feedback/Toasts'
import { ledgerRowOf, paymentOf, receiptOf, rentRollOf, tenancyOf } from './fixtures'

beforeAll(async () => {
  mantineInJsdom()
  // jsdom lays nothing out: the chart library says its box is 0 × 0, which is all it can be here.
  const warn = console.warn.bind(console)
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args)
  })
  await initI18n()
  await loadDataTexts()
  localStorage.setItem('sakan.auth.session', '1')
  serve(() => undefined)
  expect(await currentUser()).toEqual(ADMIN)
})

// Each test starts with nothing read: the app's one query cache is emptied.
afterEach(() => {
  unmountAll()
  queryClient.clear()
})

const THIS_MONTH = currentMonth()

/** A call's query, as an object: every parameter once, with nothing stray in its values. */
const queryOf = (call: Sent | undefined) => Object.fromEntries(call?.query ?? [])

/** The rent roll at `path`, the API answering `roll` (or `answer`) to its read. */
async function rentRoll(
  lang: 'en' | 'ar',
  path: string,
  answer: (sent: Sent) => Answer | Promise<Answer> = (sent) =>
    json(200, rentRollOf(sent.query.get('month')!))
) {
  serve((sent) => (sent.path === '/api/admin/rent-roll' ? answer(sent) : undefined))
  const page = await renderPage(
    lang,
    changeLanguage,
    RefineArea,
    '/admin/rent-roll',
    path,
    <RentRollPage />
  )
  return page
}

const figure = (name: string) => text(document.querySelector(`[data-testid="rent-roll-${name}"]`))

describe('the rent roll', () => {
  it('shows the month’s figures, its 12 months and who is behind, in English', async () => {
    const page = await rentRoll('en', '/admin/rent-roll?month=2026-10')
    await until(() => figure('expected') === 'SAR 24,000', 'the expected rent')
    expect(queryOf(callsTo('GET', '/api/admin/rent-roll')[0])).toEqual({ month: '2026-10' })
    expect(text(page.querySelector('h1'))).toBe('Rent roll')
    expect([...page.querySelectorAll('h2')].map(text)).toEqual([
      'October 2026 at a glance',
      'The last 12 months',
      'Residents behind',
    ])
    expect(figure('occupied')).toBe('16 of 20')
    expect(figure('collected')).toBe('SAR 19,500')
    expect(figure('outstanding')).toBe('SAR 4,500')
    expect(figure('lateFees')).toBe('SAR 150')
    expect(figure('depositsHeld')).toBe('SAR 22,500')
    expect(text(page.querySelector('[data-method="ejar"]'))).toBe('EjarSAR 3,000')
    // The navigation names it, current.
    const nav = page.querySelector('[data-testid="office-nav-rent-roll"]')
    expect(text(nav)).toBe('Rent roll')
    expect(nav?.getAttribute('aria-current')).toBe('page')

    // The chart's text alternative: its name, and its figures in a table.
    const chart = page.querySelector('[data-testid="rent-roll-chart"]')!
    expect(chart.getAttribute('role')).toBe('img')
    expect(chart.getAttribute('aria-label')).toContain('from November 2025 to October 2026')
    const table = page.querySelector('[data-testid="rent-roll-history-table"]')!
    expect(table.querySelectorAll('tbody tr')).toHaveLength(12)
    expect([...table.querySelectorAll('thead th')].map(text)).toEqual([
      'Month',
      'Expected',
      'Card',
      'Ejar',
      'Bank transfer',
      'Cash',
      'Collected in all',
    ])
    expect(text([...table.querySelectorAll('tbody tr')].at(-1))).toContain('SAR 19,500')

    // The buckets, then the residents, the longest behind first, each with her stay.
    const buckets = [...page.querySelectorAll('[data-testid="rent-roll-bucket"]')]
    expect(buckets.map((bucket) => bucket.getAttribute('data-bucket'))).toEqual([
      '1_30',
      '31_60',
      '61_90',
      'over_90',
    ])
    expect(text(buckets[3])).toBe('Over 90 daysResidents1OwedSAR 6,150')
    const rows = [...page.querySelectorAll('[data-testid="rent-roll-resident"]')]
    expect(rows.map((row) => row.getAttribute('data-tenancy'))).toEqual(['9', '5'])
    expect([...rows[0]!.querySelectorAll('th, td')].map(text)).toEqual([
      'Hind Alotaibi',
      '102 · Olaya Residence',
      '1 December 2026',
      '100',
      'Over 90 days',
      'SAR 6,150',
      'Tenancy 9',
    ])
    expect(rows[1]!.querySelector('a')?.getAttribute('href')).toBe('/admin/tenancies/5')
    expect(page.querySelector('[data-testid="rent-roll-behind-more"]')).toBeNull()
  })

  it('and in Arabic: right to left, Arabic-Indic digits, time running from the right', async () => {
    const page = await rentRoll('ar', '/admin/rent-roll?month=2026-10')
    await until(() => figure('occupied') === '١٦ من ٢٠', 'the occupied rooms')
    expect(document.documentElement.dir).toBe('rtl')
    expect(text(page.querySelector('h1'))).toBe('كشف الإيجارات')
    expect(text(page.querySelector('[data-testid="office-nav-rent-roll"]'))).toBe('كشف الإيجارات')
    expect(figure('expected')).toMatch(/٢٤٬٠٠٠/)
    expect(figure('expected')).not.toMatch(/[0-9]/)
    const row = page.querySelector('[data-testid="rent-roll-resident"]')!
    expect(text(row)).toContain('أكثر من ٩٠ يومًا')
    expect(text(row)).toContain('الإيجار ٩')
  })

  it('keeps the month and the building in the address, and reads them again', async () => {
    await rentRoll('en', '/admin/rent-roll?month=2026-10')
    await until(() => figure('expected'), 'the figures')
    await choose(field('Building'), 'Nakheel House')
    await until(
      () =>
        callsTo('GET', '/api/admin/rent-roll').some((call) => call.query.get('buildingId') === '4'),
      'the read of one building'
    )
    expect(queryOf(callsTo('GET', '/api/admin/rent-roll').at(-1))).toEqual({
      month: '2026-10',
      buildingId: '4',
    })
  })

  it('shows this month when the address names a month to come', async () => {
    await rentRoll('en', '/admin/rent-roll?month=2999-01')
    await until(() => figure('expected'), 'the figures')
    expect(queryOf(callsTo('GET', '/api/admin/rent-roll')[0])).toEqual({ month: THIS_MONTH })
  })

  it('says when no one is behind, and when nothing came in', async () => {
    const page = await rentRoll('en', '/admin/rent-roll?month=2026-10', () => {
      const roll = rentRollOf('2026-10')
      return json(200, {
        ...roll,
        behind: {
          buckets: roll.behind.buckets.map((bucket) => ({ ...bucket, residents: 0, owed: 0 })),
          total: 0,
          residents: [],
        },
        history: roll.history.map((point) => ({
          ...point,
          expected: 0,
          collected: { creditCard: 0, ejar: 0, bank_transfer: 0, cash: 0 },
        })),
      })
    })
    await until(() => page.querySelector('.empty-title'), 'the empty state')
    expect(text(page.querySelector('.empty-title'))).toBe('No one is behind')
    expect(page.querySelector('[data-testid="rent-roll-behind-table"]')).toBeNull()
    expect(page.querySelector('[data-testid="rent-roll-chart"]')).toBeNull()
    expect(text(page.querySelector('[data-testid="rent-roll-history"]'))).toContain(
      'Nothing was expected or collected in these 12 months.'
    )
  })

  it('says how many more are behind than it lists', async () => {
    const page = await rentRoll('en', '/admin/rent-roll', () => {
      const roll = rentRollOf(THIS_MONTH)
      return json(200, { ...roll, behind: { ...roll.behind, total: 140 } })
    })
    await until(() => page.querySelector('[data-testid="rent-roll-behind-more"]'), 'the note')
    expect(text(page.querySelector('[data-testid="rent-roll-behind-more"]'))).toBe(
      'The 2 longest behind of 140. The CSV file lists everyone.'
    )
  })

  it('says when it cannot be read, and reads it again on demand', async () => {
    let fail = true
    const page = await rentRoll('en', '/admin/rent-roll?month=2026-10', () =>
      fail
        ? json(500, { message: 'The database did not answer' })
        : json(200, rentRollOf('2026-10'))
    )
    const error = await until(
      () => page.querySelector('[data-testid="rent-roll-error"]'),
      'the error'
    )
    expect(text(error)).toContain('The rent roll couldn’t be loaded right now.'.replace('’', "'"))
    expect(text(error)).toContain('The database did not answer')
    fail = false
    await press(button('Try again', page), 'the retry button')
    await until(() => figure('expected') === 'SAR 24,000', 'the figures, read again')
  })

  it('downloads the same month as a CSV file, in her language', async () => {
    const csv = '\ufeffالإقامة,المقيمة\n'
    serve((sent) => {
      if (sent.path === '/api/admin/rent-roll') return json(200, rentRollOf('2026-10'))
      if (sent.path === '/api/admin/rent-roll/export')
        return {
          status: 200,
          body: csv,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="rent-roll-2026-10.csv"',
          },
        }
      return undefined
    })
    const saved: { name: string; type: string }[] = []
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push({ name: '', type: blob.type })
        return 'blob:rent-roll'
      },
      revokeObjectURL: () => {},
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement
    ) {
      saved.at(-1)!.name = this.download
    })
    const page = await renderPage(
      'ar',
      changeLanguage,
      RefineArea,
      '/admin/rent-roll',
      '/admin/rent-roll?month=2026-10&buildingId=3',
      <RentRollPage />
    )
    await press(button('تنزيل CSV', page), 'the export button')
    await until(() => saved[0]?.name, 'the saved file')
    click.mockRestore()
    const [download] = callsTo('GET', '/api/admin/rent-roll/export')
    expect(download?.url).toBe('/api/admin/rent-roll/export?month=2026-10&buildingId=3')
    expect(download?.headers['x-locale']).toBe('ar')
    expect(saved).toEqual([{ name: 'rent-roll-2026-10.csv', type: 'text/csv; charset=utf-8' }])
  })
})

/** Her stay's page, the API answering the stay, its ledger and `answer` to anything else. */
async function stayPage(answer: (sent: Sent) => Answer | undefined) {
  const stay = tenancyOf(5)
  const ledger = [
    ledgerRowOf('2026-11', 'paid', { paymentId: 1, paymentMethod: 'creditCard', refunded: 500 }),
    ledgerRowOf('2026-12', 'paid', { paymentId: 2, paymentMethod: 'ejar' }),
    ledgerRowOf('2027-01', 'overdue', { lateFee: 100 }),
    ledgerRowOf('2027-02', 'overdue', { lateFee: 100 }),
  ]
  serve((sent) => {
    if (sent.method === 'GET' && sent.path === '/api/tenancies/5') return json(200, stay)
    if (sent.method === 'GET' && sent.path === '/api/tenancies/5/ledger') return json(200, ledger)
    return answer(sent)
  })
  const page = await renderPage(
    'en',
    changeLanguage,
    RefineArea,
    '/admin/tenancies/:id',
    '/admin/tenancies/5',
    <TenancyShowPage />
  )
  await until(() => page.querySelectorAll('[data-testid="ledger-row"]').length === 4, 'the ledger')
  return page
}

describe('recording a payment on a stay', () => {
  it('names how a month was paid when not by card, and what was refunded', async () => {
    const page = await stayPage(() => undefined)
    const rows = [...page.querySelectorAll('[data-testid="ledger-row"]')]
    expect(text(rows[0]!.querySelector('[data-testid="ledger-refunded"]'))).toBe('SAR 500 refunded')
    expect(rows[0]!.querySelector('[data-testid="ledger-method"]')).toBeNull()
    expect(text(rows[1]!.querySelector('[data-testid="ledger-method"]'))).toBe('Via Ejar')
  })

  it('checks the fields, then sends the months in order, how it came and the amount', async () => {
    let recorded: unknown = null
    await stayPage((sent) => {
      if (sent.method === 'POST' && sent.path === '/api/admin/tenancies/5/payments') {
        recorded = sentJson(sent)
        return json(201, paymentOf(77, { paymentMethod: 'bank_transfer', amount: 3200 }))
      }
      return undefined
    })
    await press(button('Record a payment'), 'the record button')
    const modal = await until(dialog, 'the dialog')
    expect(text(modal.querySelector('.dialog-title, h2'))).toBe('Record a payment')

    // Nothing chosen yet: every field says what it needs, nothing is sent.
    await type(field('Date received', modal), '')
    await press(button('Record payment', modal), 'the confirm button')
    expect(describedBy(field('Months', modal)!)).toContain('Choose the months it pays.')
    expect(describedBy(field('Received by', modal)!)).toContain('Choose how it was received.')
    expect(describedBy(field('Reference', modal)!)).toContain('Enter the reference.')
    expect(describedBy(field('Date received', modal)!)).toContain(
      'Choose the date it was received.'
    )
    expect(callsTo('POST', '/api/admin/tenancies/5/payments')).toEqual([])

    // The months (later one first), how it came; the amount follows what they come to today.
    await choose(field('Months', modal), 'February 2027 · Overdue')
    await choose(field('Months', modal), 'January 2027 · Overdue')
    expect(field('Amount received (SAR)', modal)?.value).toBe('3200')
    expect(describedBy(field('Amount received (SAR)', modal)!)).toContain(
      'Due for these months if received today: SAR 3,200.'
    )
    await choose(field('Received by', modal), 'Bank transfer')
    // The reference is named for what it is.
    await type(field('Transfer reference', modal), ' TRX-2027/0042 ')
    await type(field('Date received', modal), '2026-12-01')
    await press(button('Record payment', modal), 'the confirm button')

    await toastTitled('Payment recorded: SAR 3,200')
    expect(recorded).toEqual({
      kind: 'rent',
      monthsCovered: ['2027-01', '2027-02'],
      method: 'bank_transfer',
      reference: 'TRX-2027/0042',
      receivedOn: '2026-12-01',
      amount: 3200,
    })
    await until(() => !dialog(), 'the dialog closed')
    // The stay and its ledger are read again.
    await until(() => callsTo('GET', '/api/tenancies/5/ledger').length > 1, 'the ledger read again')
  })

  it('puts the API’s field errors under the fields, and says its 409 in the dialog', async () => {
    const answers: Answer[] = [
      json(422, {
        message: 'The amount is not right',
        errors: [
          { field: 'amount', rule: 'amount', message: 'The amount for these months is SAR 1,600' },
        ],
      }),
      json(409, { message: 'This reference is already recorded' }),
    ]
    await stayPage((sent) =>
      sent.method === 'POST' && sent.path === '/api/admin/tenancies/5/payments'
        ? answers.shift()
        : undefined
    )
    await press(button('Record a payment'), 'the record button')
    const modal = await until(dialog, 'the dialog')
    await choose(field('Months', modal), 'January 2027 · Overdue')
    await choose(field('Received by', modal), 'Cash')
    await type(field('Receipt book number', modal), 'RB-118')
    await type(field('Amount received (SAR)', modal), '1500')
    await press(button('Record payment', modal), 'the confirm button')

    const amount = field('Amount received (SAR)', modal)!
    await until(() => amount.getAttribute('aria-invalid') === 'true', 'the amount refused')
    expect(describedBy(amount)).toContain('The amount for these months is SAR 1,600')
    expect(modal.querySelector('[data-testid="record-refusal"]')).toBeNull()

    await type(amount, '1600')
    await press(button('Record payment', modal), 'the confirm button')
    const refusal = await until(
      () => modal.querySelector('[data-testid="record-refusal"]'),
      'the refusal in the dialog'
    )
    expect(refusal.getAttribute('role')).toBe('alert')
    expect(text(refusal)).toBe('This reference is already recorded')
    expect(dialog()).not.toBeNull()
  })
})

/** A payment's page, the API answering `payment` and `answer` to anything else. */
async function paymentPage(
  payment: ReturnType<typeof paymentOf>,
  answer: (sent: Sent) => Answer | undefined
) {
  serve((sent) =>
    sent.method === 'GET' && sent.path === `/api/payments/${payment.id}`
      ? json(200, payment)
      : answer(sent)
  )
  const page = await renderPage(
    'en',
    changeLanguage,
    RefineArea,
    '/admin/payments/:id',
    `/admin/payments/${payment.id}`,
    <PaymentShowPage />
  )
  await until(() => page.querySelector('[data-testid="payment-reference"]'), 'the payment')
  return page
}

describe('voiding and refunding a payment', () => {
  it('voids a recorded payment, with a reason, and says a refusal in the dialog', async () => {
    const payment = paymentOf(9, {
      paymentMethod: 'ejar',
      paymentReference: 'SADAD-7781',
    })
    const answers: Answer[] = [
      json(409, { message: 'This payment is already voided' }),
      json(200, { ...payment, paymentStatus: 'voided', voidReason: 'Recorded twice' }),
    ]
    const page = await paymentPage(payment, (sent) =>
      sent.method === 'POST' && sent.path === '/api/admin/payments/9/void'
        ? answers.shift()
        : undefined
    )
    expect(text(page.querySelector('[data-testid="payment-method"]'))).toBe('Ejar')
    expect(page.querySelector('[data-testid="payment-reverify"]')).toBeNull()
    expect(page.querySelector('[data-testid="payment-action-refund"]')).toBeNull()
    // The reference under the name it has.
    const reference = page.querySelector('[data-testid="payment-reference"]')!
    expect(text(reference.previousElementSibling)).toBe('Ejar/SADAD reference')

    await press(page.querySelector<HTMLElement>('[data-testid="payment-action-void"]')!, 'void')
    const modal = await until(dialog, 'the dialog')
    expect(text(modal)).toContain('SAR 1,500 recorded for')
    await press(button('Void payment', modal), 'the confirm button')
    expect(describedBy(field('Reason', modal)!)).toContain('Give a reason.')
    expect(callsTo('POST', '/api/admin/payments/9/void')).toEqual([])

    await type(field('Reason', modal), '  Recorded twice ')
    await press(button('Void payment', modal), 'the confirm button')
    const refusal = await until(
      () => modal.querySelector('[data-testid="payment-refusal"]'),
      'the refusal'
    )
    expect(text(refusal)).toBe('This payment is already voided')

    await press(button('Void payment', modal), 'the confirm button')
    await toastTitled('Payment voided')
    expect(callsTo('POST', '/api/admin/payments/9/void').map(sentJson)).toEqual([
      { reason: 'Recorded twice' },
      { reason: 'Recorded twice' },
    ])
  })

  it('refunds at most what is left of a card payment of rent', async () => {
    const payment = paymentOf(11, { amount: 1500, refundedAmount: 500 })
    let refunded: unknown = null
    const page = await paymentPage(payment, (sent) => {
      if (sent.method === 'POST' && sent.path === '/api/admin/payments/11/refund') {
        refunded = JSON.parse(String(sent.body))
        return json(502, { message: 'The payment provider could not be reached' })
      }
      return undefined
    })
    expect(text(page.querySelector('[data-testid="payment-refunded"]'))).toBe('SAR 500')
    expect(page.querySelector('[data-testid="payment-action-void"]')).toBeNull()
    await press(page.querySelector<HTMLElement>('[data-testid="payment-action-refund"]')!, 'refund')
    const modal = await until(dialog, 'the dialog')
    const amount = field('Amount to refund (SAR)', modal)!
    expect(amount.value).toBe('1000')
    expect(describedBy(amount)).toContain('At most SAR 1,000.')

    await type(amount, '1200')
    await type(field('Reason', modal), 'Goodwill')
    await press(button('Refund', modal), 'the confirm button')
    expect(describedBy(amount)).toContain(
      "The amount can't be more than what is left to refund (SAR 1,000)."
    )
    expect(callsTo('POST', '/api/admin/payments/11/refund')).toEqual([])

    await type(amount, '300')
    await press(button('Refund', modal), 'the confirm button')
    const refusal = await until(
      () => modal.querySelector('[data-testid="payment-refusal"]'),
      'the gateway’s refusal'
    )
    expect(text(refusal)).toBe('The payment provider could not be reached')
    expect(refunded).toEqual({ amount: 300, reason: 'Goodwill' })
  })

  it('has neither for a payment voided already', async () => {
    const page = await paymentPage(
      paymentOf(12, { paymentMethod: 'cash', paymentStatus: 'voided', voidReason: 'Typo' }),
      () => undefined
    )
    expect(page.querySelector('[data-testid="payment-action-void"]')).toBeNull()
    expect(text(page.querySelector('[data-testid="payment-void-reason"]'))).toBe('Typo')
    expect(page.querySelector('[data-testid="payment-receipt"]')).not.toBeNull()
    expect(text(page.querySelector('.mantine-Badge-root[data-value="voided"]'))).toBe('Voided')
  })
})

describe('the receipt', () => {
  async function receiptPage(lang: 'en' | 'ar', receipt: ReturnType<typeof receiptOf>) {
    serve((sent) =>
      sent.path === `/api/payments/${receipt.paymentId}/receipt` ? json(200, receipt) : undefined
    )
    const page = await renderPage(
      lang,
      changeLanguage,
      RefineArea,
      '/receipts/:paymentId',
      `/receipts/${receipt.paymentId}`,
      <ReceiptPage />
    )
    await until(() => page.querySelector('[data-testid="receipt"]'), 'the receipt')
    return page
  }

  it('of a voided payment says so first, with the reason, how it came and its reference', async () => {
    const payment = paymentOf(21, {
      paymentMethod: 'cash',
      paymentReference: 'RB-118',
      paymentStatus: 'voided',
      voidReason: 'Recorded on the wrong stay',
    })
    const page = await receiptPage('en', receiptOf(payment))
    const voided = page.querySelector('[data-testid="receipt-voided"]')!
    expect(voided.getAttribute('role')).toBe('note')
    expect(text(voided)).toContain('Voided')
    expect(text(page.querySelector('[data-testid="receipt-void-reason"]'))).toBe(
      'Reason: \u2068Recorded on the wrong stay\u2069'
    )
    expect(text(page.querySelector('[data-testid="receipt-method"]'))).toBe('Cash')
    const reference = page.querySelector('[data-testid="receipt-reference"]')!
    expect(text(reference.closest('div')?.querySelector('dt'))).toBe('Receipt book number')
    expect(text(reference)).toBe('RB-118')
    expect(page.querySelector('[data-testid="receipt-refunds"]')).toBeNull()
  })

  it('lists every refund, and their total, in Arabic', async () => {
    const payment = paymentOf(22, { refundedAmount: 700 })
    const page = await receiptPage(
      'ar',
      receiptOf(payment, {
        refunds: [
          { amount: 500, reason: 'غرفة بلا تكييف', createdAt: '2027-01-10T09:00:00.000Z' },
          { amount: 200, reason: 'Goodwill', createdAt: '2027-01-20T09:00:00.000Z' },
        ],
      })
    )
    const refunds = page.querySelector('[data-testid="receipt-refunds"]')!
    expect(text(refunds.querySelector('h2'))).toBe('المبالغ المستردة')
    const rows = [...refunds.querySelectorAll('[data-testid="receipt-refund"]')]
    expect(rows).toHaveLength(2)
    expect(text(rows[0])).toContain('غرفة بلا تكييف')
    expect(text(rows[0])).toMatch(/٥٠٠/)
    expect(text(refunds.querySelector('[data-testid="receipt-refunded-amount"]'))).toMatch(/٧٠٠/)
    expect(text(page.querySelector('[data-testid="receipt-method"]'))).toBe('بطاقة')
    expect(page.querySelector('[data-testid="receipt-voided"]')).toBeNull()
    expect(page.querySelector('[data-testid="receipt-refunded"]')).toBeNull()
  })
})

describe('her rent ledger on the dashboard', () => {
  it('names how a month was paid when not by card, and what was refunded', async () => {
    const stay = tenancyOf(5)
    serve((sent) => {
      if (sent.path === '/api/tenancies/5/ledger')
        return json(200, [
          ledgerRowOf('2026-11', 'paid', { paymentId: 1, paymentMethod: 'bank_transfer' }),
          ledgerRowOf('2026-12', 'paid', {
            paymentId: 2,
            paymentMethod: 'creditCard',
            refunded: 750,
          }),
        ])
      if (sent.path === '/api/tenancies')
        return { ...json(200, [stay]), headers: { 'x-total-count': '1' } }
      return undefined
    })
    const page = await renderPage(
      'ar',
      changeLanguage,
      RefineArea,
      '/dashboard',
      '/dashboard',
      <RentLedger />
    )
    await until(
      () => page.querySelectorAll('[data-testid="ledger-row"]').length === 2,
      'her ledger'
    )
    const rows = [...page.querySelectorAll('[data-testid="ledger-row"]')]
    expect(text(rows[0]!.querySelector('[data-testid="ledger-method"]'))).toBe(
      'طريقة الدفع: تحويل بنكي'
    )
    expect(rows[1]!.querySelector('[data-testid="ledger-method"]')).toBeNull()
    expect(text(rows[1]!.querySelector('[data-testid="ledger-refunded"]'))).toMatch(/^استُرد .*٧٥٠/)
  })
})
