/*
 * The back office's lists: the account lists sort by their whitelist only, filter
 * and search; the payments' filtered set has a summary and a CSV export; the audit log lists
 * every decision. A tenant still sees only her own rows, whatever she asks.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type {
  Application,
  AuditEventRow,
  ErrorBody,
  MaintenanceRequest,
  Payment as ApiPayment,
  PaymentsSummary,
} from '@sakan/common'
import Payment from '#models/payment'
import type User from '#models/user'
import {
  MaintenanceRequestFactory,
  PaymentFactory,
  RoomFactory,
  UserFactory,
} from '../../../database/factories/index.js'
import { as, isolateEachTest } from '#tests/helpers'
import { paymentOf, tenancy } from '#tests/tenancy'
import { monthKeyOf } from '@sakan/common'

/** Two tenants, each with an approved application and payments for two months. */
async function ledger() {
  const admin = await UserFactory.apply('admin').create()
  const tenants: User[] = []
  const rooms = []
  for (const [index, name] of ['Sara Alharbi', 'Huda Alqahtani'].entries()) {
    const { tenant, room, application } = await tenancy({
      tenant: await UserFactory.merge({
        fullName: name,
        email: `tenant${index}@example.com`,
      }).create(),
    })
    for (const [month, halalas] of [
      ['2026-10', 150000 + index * 10000],
      ['2026-11', 150000 + index * 10000],
    ] as const) {
      await paymentOf(application, {
        monthCovered: month,
        amountHalalas: halalas,
        gatewayPaymentId: `pay-${index}-${month}`,
      })
    }
    tenants.push(tenant)
    rooms.push(room)
  }
  return { admin, tenants, rooms }
}

test.group('Back office lists', (group) => {
  isolateEachTest(group)

  test("sorting by a field off a list's whitelist is a 422 in her language", async ({
    client,
    assert,
  }) => {
    const { admin } = await ledger()
    for (const path of [
      '/api/applications',
      '/api/payments',
      '/api/maintenance-requests',
      '/api/admin/audit-events',
    ]) {
      const english = await as(client.get(path), admin).qs({ _sort: 'user_id' })
      english.assertStatus(422)
      assert.equal((english.body() as ErrorBody).errors?.[0]?.field, '_sort')
      assert.equal((english.body() as ErrorBody).message, 'Sorting by this field is not supported')
      const arabic = await as(client.get(path), admin)
        .header('X-Locale', 'ar')
        .qs({ _sort: 'email' })
      assert.equal((arabic.body() as ErrorBody).message, 'الترتيب حسب هذا الحقل غير مدعوم')
    }
  })

  test('payments sort, filter by month, building and tenant, and search', async ({
    client,
    assert,
  }) => {
    const { admin, tenants, rooms } = await ledger()
    const byAmount = await as(client.get('/api/payments'), admin).qs({
      _sort: 'amount',
      _order: 'desc',
      monthCovered: '2026-11',
    })
    byAmount.assertStatus(200)
    assert.equal(byAmount.header('x-total-count'), '2')
    assert.deepEqual(
      (byAmount.body() as ApiPayment[]).map((payment) => payment.amount),
      [1600, 1500]
    )
    const inBuilding = await as(client.get('/api/payments'), admin).qs({
      buildingId: rooms[1]!.buildingId,
    })
    assert.deepEqual(
      (inBuilding.body() as ApiPayment[]).map((payment) => payment.user?.id),
      [tenants[1]!.id, tenants[1]!.id]
    )
    const found = await as(client.get('/api/payments'), admin).qs({ q: 'HUDA' })
    assert.equal(found.header('x-total-count'), '2')
    const byReference = await as(client.get('/api/payments'), admin).qs({ q: 'pay-0-2026-10' })
    assert.deepEqual(
      (byReference.body() as ApiPayment[]).map((payment) => payment.paymentReference),
      ['pay-0-2026-10']
    )
    /* A tenant's filters never reach another tenant's rows. */
    const hers = await as(client.get('/api/payments'), tenants[0]!).qs({ userId: tenants[1]!.id })
    assert.equal(hers.header('x-total-count'), '0')
  })

  test('applications search by applicant name or e-mail; maintenance by title and priority', async ({
    client,
    assert,
  }) => {
    const { admin, tenants, rooms } = await ledger()
    const byEmail = await as(client.get('/api/applications'), admin).qs({ q: 'tenant1@example' })
    assert.deepEqual(
      (byEmail.body() as Application[]).map((application) => application.user?.email),
      ['tenant1@example.com']
    )
    await MaintenanceRequestFactory.merge({
      userId: tenants[0]!.id,
      roomId: rooms[0]!.id,
      buildingId: rooms[0]!.buildingId,
      title: 'Broken window latch',
      priority: 'high',
    }).create()
    await MaintenanceRequestFactory.merge({
      userId: tenants[0]!.id,
      roomId: rooms[0]!.id,
      buildingId: rooms[0]!.buildingId,
    }).create()
    const found = await as(client.get('/api/maintenance-requests'), admin).qs({
      q: 'window',
      priority: 'high',
    })
    assert.deepEqual(
      (found.body() as MaintenanceRequest[]).map((request) => request.title),
      ['Broken window latch']
    )
  })

  test('the summary and the CSV export hold exactly the filtered payments', async ({
    client,
    assert,
  }) => {
    const { admin, tenants } = await ledger()
    const summary = await as(client.get('/api/admin/payments/summary'), admin).qs({
      monthCovered: '2026-10',
    })
    assert.deepEqual(summary.body() as PaymentsSummary, {
      count: 2,
      total: 3100,
      currency: 'SAR',
    })

    const csv = await as(client.get('/api/admin/payments/export'), admin).qs({
      monthCovered: '2026-10',
    })
    csv.assertStatus(200)
    assert.match(csv.header('content-type') ?? '', /^text\/csv; charset=utf-8/)
    assert.match(
      csv.header('content-disposition') ?? '',
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/
    )
    const text = csv.text()
    assert.equal(text.charCodeAt(0), 0xfeff, 'starts with a byte-order mark')
    const lines = text.slice(1).trim().split(/\r?\n/)
    assert.equal(
      lines[0],
      'ID,Payment reference,Tenant,Tenant e-mail,Building,Room,Kind,Months covered,Amount (SAR),Status,Payment date,Created at,Method,Refunded (SAR)'
    )
    assert.lengthOf(lines, 3)
    assert.isTrue(lines.slice(1).every((line) => line.includes(',Rent,2026-10,')))
    assert.isTrue(
      lines.some((line) => line.includes('pay-1-2026-10') && line.includes(',1600.00,'))
    )

    const arabic = await as(client.get('/api/admin/payments/export'), admin)
      .header('X-Locale', 'ar')
      .qs({ userId: tenants[0]!.id })
    const arabicLines = arabic.text().slice(1).trim().split(/\r?\n/)
    assert.match(arabicLines[0]!, /^المعرّف,مرجع الدفع,/)
    assert.lengthOf(arabicLines, 3)
    /* Every value a person reads is in her language: the status too. */
    const status = arabicLines[0]!.split(',').indexOf('الحالة')
    for (const line of arabicLines.slice(1)) {
      assert.include(['قيد المعالجة', 'مكتملة', 'فاشلة', 'مستردّة'], line.split(',')[status])
    }

    /* A download link cannot send a header: its language named in the link is the one used. */
    const linked = await as(client.get('/api/admin/payments/export'), admin)
      .header('Accept-Language', 'en')
      .qs({ userId: tenants[0]!.id, locale: 'ar' })
    assert.equal(linked.text(), arabic.text())
  })

  test("the CSV names each payment's kind and every month it covers, in her language", async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const { tenant, application } = await tenancy()
    const deposit = await paymentOf(application, {
      kind: 'deposit',
      monthCovered: '2026-12',
      gatewayPaymentId: 'pay-deposit',
    })
    const year = await paymentOf(application, {
      monthCovered: '2026-12',
      gatewayPaymentId: 'pay-year',
    })
    const apart = await paymentOf(application, {
      monthCovered: '2027-01',
      status: 'failed',
      gatewayPaymentId: 'pay-apart',
    })
    const rows = (payment: Payment, months: string[]) =>
      months.map((month) => ({
        payment_id: payment.id,
        room_id: payment.roomId,
        application_id: payment.applicationId,
        month,
        completed: false,
      }))
    await db.table('payment_months').multiInsert([
      ...rows(
        year,
        [...Array(12).keys()].map((index) => monthKeyOf(2026 * 12 + 11 + index))
      ),
      ...rows(apart, ['2027-01', '2027-03']),
    ])

    /* Each payment's line, by its reference. */
    const lines = async (locale: 'en' | 'ar') => {
      const csv = await as(client.get('/api/admin/payments/export'), admin)
        .header('X-Locale', locale)
        .qs({ userId: tenant.id })
      csv.assertStatus(200)
      const all = csv.text().slice(1).trim().split(/\r?\n/)
      return (payment: Payment) => all.find((line) => line.includes(payment.gatewayPaymentId!))!
    }
    const english = await lines('en')
    assert.include(english(deposit), ',Deposit,Deposit,')
    assert.include(english(year), ',Rent,2026-12 – 2027-11,')
    assert.include(english(apart), ',Rent,"2027-01, 2027-03",')
    const arabic = await lines('ar')
    assert.include(arabic(deposit), ',تأمين,تأمين,')
    assert.include(arabic(year), ',إيجار,2026-12 – 2027-11,')
  })

  test('a cell a spreadsheet would run as a formula is written as text', async ({
    client,
    assert,
  }) => {
    const { admin } = await ledger()
    const { tenant, room, application } = await tenancy({
      tenant: await UserFactory.merge({ fullName: '=HYPERLINK("http://evil")' }).create(),
    })
    await PaymentFactory.merge({
      userId: tenant.id,
      roomId: room.id,
      applicationId: application.id,
    }).create()
    const csv = await as(client.get('/api/admin/payments/export'), admin).qs({ userId: tenant.id })
    assert.include(csv.text(), `"'=HYPERLINK(""http://evil"")"`)
  })

  test('the audit log lists decisions, filtered by actor, action and subject', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const room = await RoomFactory.with('building').create()
    await as(client.patch(`/api/rooms/${room.id}`), admin).json({ price: 2000 })
    await as(client.patch(`/api/rooms/${room.id}`), admin).json({ archived: true })
    const events = await as(client.get('/api/admin/audit-events'), admin).qs({
      subjectType: 'room',
      subjectId: room.id,
      _sort: 'id',
      _order: 'asc',
    })
    events.assertStatus(200)
    assert.equal(events.header('x-total-count'), '2')
    const rows = events.body() as AuditEventRow[]
    assert.deepEqual(
      rows.map((row) => row.action),
      ['room.updated', 'room.archived']
    )
    assert.equal(rows[0]!.actor?.id, admin.id)
    assert.deepEqual(rows[0]!.details, { fields: ['price'] })
    const byAction = await as(client.get('/api/admin/audit-events'), admin).qs({
      action: 'room.archived',
      actorId: admin.id,
    })
    assert.equal(byAction.header('x-total-count'), '1')
  })
})

test.group('Back office show pages', (group) => {
  isolateEachTest(group)

  test('one payment or maintenance request: to its owner and the administrator, else 404', async ({
    client,
    assert,
  }) => {
    const { admin, tenants, rooms } = await ledger()
    const [sara, huda] = tenants
    const payment = await Payment.query().where('user_id', sara!.id).firstOrFail()
    const request = await MaintenanceRequestFactory.merge({
      userId: sara!.id,
      roomId: rooms[0]!.id,
      buildingId: rooms[0]!.buildingId,
      title: 'Leaking tap',
    }).create()

    for (const who of [sara!, admin]) {
      const shown = await as(client.get(`/api/payments/${payment.id}`), who)
      shown.assertStatus(200)
      const body = shown.body() as ApiPayment
      assert.equal(body.id, payment.id)
      assert.equal(body.paymentReference, payment.gatewayPaymentId)
      const filed = await as(client.get(`/api/maintenance-requests/${request.id}`), who)
      filed.assertStatus(200)
      assert.equal((filed.body() as MaintenanceRequest).title, 'Leaking tap')
    }
    for (const path of [`/api/payments/${payment.id}`, `/api/maintenance-requests/${request.id}`]) {
      ;(await as(client.get(path), huda!)).assertStatus(404)
      ;(await client.get(path)).assertStatus(401)
    }
    ;(await as(client.get('/api/payments/999999'), admin)).assertStatus(404)
  })
})

test.group('Back office: payment counts', (group) => {
  isolateEachTest(group)

  test("the administrator's totals come from payment_counts and follow every change", async ({
    client,
    assert,
  }) => {
    const { admin, tenants } = await ledger()
    const expectTotals = async () => {
      const counted = async (status?: string) => {
        const query = db.from('payments')
        if (status) query.where('status', status)
        const [row] = await query.count('* as total')
        return String(Number(row.total))
      }
      const all = await as(client.get('/api/payments'), admin)
      assert.equal(all.header('x-total-count'), await counted())
      for (const status of ['completed', 'failed', 'pending', 'refunded']) {
        const some = await as(client.get('/api/payments'), admin).qs({ paymentStatus: status })
        assert.equal(some.header('x-total-count'), await counted(status), status)
      }
    }
    await expectTotals()
    const payment = await Payment.query().where('user_id', tenants[0]!.id).firstOrFail()
    payment.status = 'failed'
    await payment.save()
    await expectTotals()
    await db.from('payments').where('status', 'failed').update({ status: 'refunded' })
    await expectTotals()
    await db.from('payments').where('id', payment.id).delete()
    await expectTotals()
    /* A tenant's total is still her own rows, counted. */
    const hers = await as(client.get('/api/payments'), tenants[1]!)
    assert.equal(hers.header('x-total-count'), '2')
  })
})
