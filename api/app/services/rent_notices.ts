import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { addDays, rentNoticesDue, riyadhToday, type RentNotice } from '@sakan/common'
import Tenancy from '#models/tenancy'
import { rentTerms } from '#config/rent'
import { ledgerTenancy, readableLedgersOf } from '#services/tenancies'
import { notify, type Notice } from '#services/notifications'

/**
 * The daily rent notices (`node ace rent:notify`, and the web process once a day):
 * for every running stay, a reminder 3 days before the 1st for an unpaid month and an
 * overdue notice the day after the grace period, with the late fee when one is configured
 * (the rule: `rentNoticesDue` in common). Each is written with the dedupe key
 * `{kind}:{tenancyId}:{month}`, unique in the table: run twice, late, or on two replicas at
 * once, a notice is written once. A resident who turned reminders off gets none.
 * A stay counts while it runs: with no end, or an end date not long past (an end set ahead
 * keeps her reminders coming until then). One stay whose notices cannot be worked out is
 * logged and skipped, never the others: no stored row may stop this work.
 * Answers how many notices were written.
 */
export async function sendRentNotices(now: Date = new Date()): Promise<number> {
  const since = addDays(riyadhToday(now), -NOTICE_LOOKBACK_DAYS)
  const running = await Tenancy.query()
    .where((stay) => stay.where('state', 'active').orWhere('end_date', '>=', since))
    .preload('user')
    .preload('room', (room) => room.preload('building'))
  const ledgers = await readableLedgersOf(running, now)
  const notices: Notice[] = running.flatMap((tenancy) =>
    noticesOf(tenancy, ledgers, now)
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

/** How far back an ended stay may still owe an overdue notice: its last month and its grace. */
const NOTICE_LOOKBACK_DAYS = 62

/** A stay's notices due now, or none (logged) when its rows cannot be read as a stay. */
function noticesOf(
  tenancy: Tenancy,
  ledgers: Awaited<ReturnType<typeof readableLedgersOf>>,
  now: Date
): RentNotice[] {
  const ledger = ledgers.get(tenancy.id)
  if (!ledger) return []
  try {
    return rentNoticesDue(ledgerTenancy(tenancy), ledger, rentTerms, now)
  } catch (error) {
    logger.warn({ err: error, tenancyId: tenancy.id }, 'rent notices skipped for one stay')
    return []
  }
}
