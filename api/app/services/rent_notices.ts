import db from '@adonisjs/lucid/services/db'
import { rentNoticesDue } from '@sakan/common'
import Tenancy from '#models/tenancy'
import { rentTerms } from '#config/rent'
import { ledgerTenancy, ledgersOf } from '#services/tenancies'
import { notify, type Notice } from '#services/notifications'

/**
 * The daily rent notices (issue 27; `node ace rent:notify`, and the web process once a day):
 * for every running stay, a reminder 3 days before the 1st for an unpaid month and an
 * overdue notice the day after the grace period, with the late fee when one is configured
 * (the rule: `rentNoticesDue` in common). Each is written with the dedupe key
 * `{kind}:{tenancyId}:{month}`, unique in the table: run twice, late, or on two replicas at
 * once, a notice is written once. A resident who turned reminders off gets none.
 * Answers how many notices were written.
 */
export async function sendRentNotices(now: Date = new Date()): Promise<number> {
  const running = await Tenancy.query()
    .where('state', 'active')
    .preload('user')
    .preload('room', (room) => room.preload('building'))
  const ledgers = await ledgersOf(running, now)
  const notices: Notice[] = running.flatMap((tenancy) =>
    rentNoticesDue(ledgerTenancy(tenancy), ledgers.get(tenancy.id)!, rentTerms, now)
      .filter((notice) => notice.kind !== 'rent_reminder' || tenancy.user.rentReminders)
      .map((notice) => ({
        userId: tenancy.userId,
        kind: notice.kind,
        data: {
          tenancyId: tenancy.id,
          roomNumber: tenancy.room.roomNumber,
          buildingName: { en: tenancy.room.building.nameEn, ar: tenancy.room.building.nameAr },
          month: notice.month,
          dueDate: notice.dueDate,
          amountHalalas: notice.amount,
          ...(notice.lateFee > 0 ? { lateFeeHalalas: notice.lateFee } : {}),
        },
        link: '/payment',
        dedupeKey: `${notice.kind}:${tenancy.id}:${notice.month}`,
      }))
  )
  return db.transaction((trx) => notify(trx, notices))
}
