/*
 * The web process's background work for notifications: the outbox's worker, which e-mails
 * what the requests wrote (every NOTIFY_POLL_MS, 2 s; 0 turns it off here), and the daily
 * rent notices (`node ace rent:notify`'s work, at RENT_NOTIFY_HOUR in Riyadh, 9, once a day
 * per process and at start-up after that hour); at start-up and every 10 minutes, the rooms
 * whose stay has ended are freed again (and, with the notices, the ID documents no longer
 * needed are destroyed: `node ace documents:purge`'s work), and the figures the list of stays sorts and filters by
 * are read again where a write or the calendar changed them. None can stop the process: a
 * stay or room that fails is logged and skipped. Every replica may run both: claims keep a message
 * to one worker, and the notices' dedupe keys keep them to one per stay and month.
 */
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { RIYADH_UTC_OFFSET_MINUTES, riyadhToday } from '@sakan/common'
import env from '#start/env'
import { OutboxWorker } from '#services/outbox'
import { sendRentNotices } from '#services/rent_notices'
import { releaseFreedRooms } from '#services/tenancies'
import { refreshStaySummariesQuietly } from '#services/stay_lists'
import { purgeExpiredDocuments } from '#services/id_documents_at_rest'

const pollMs = env.get('NOTIFY_POLL_MS', 2000)
if (pollMs > 0) {
  const worker = new OutboxWorker()
  worker.start(pollMs)

  const hour = env.get('RENT_NOTIFY_HOUR', 9)
  let lastDay: string | null = null
  let running: Promise<unknown> | undefined
  /* Every tick frees the rooms whose day has come; the notices wait for their hour, once a day. */
  const rentNotices = () => {
    if (running) return
    const now = new Date()
    const today = riyadhToday(now)
    const riyadhHour = new Date(now.getTime() + RIYADH_UTC_OFFSET_MINUTES * 60_000).getUTCHours()
    const noticesDue = today !== lastDay && riyadhHour >= hour
    if (noticesDue) lastDay = today
    running = Promise.all([
      releaseFreedRooms(now)
        .then((freed) => freed > 0 && logger.info('%d rooms free again', freed))
        .catch((error) => logger.error({ err: error }, 'rooms whose stay ended were not freed')),
      refreshStaySummariesQuietly(now),
      noticesDue &&
        sendRentNotices(now)
          .then((written) => written > 0 && logger.info('%d rent notices written', written))
          .catch((error) => logger.error({ err: error }, 'the rent notices could not be written')),
      noticesDue &&
        purgeExpiredDocuments(now)
          .then((destroyed) => destroyed > 0 && logger.info('%d ID documents destroyed', destroyed))
          .catch((error) => logger.error({ err: error }, 'the ID documents were not purged')),
    ]).finally(() => (running = undefined))
  }
  const daily = setInterval(rentNotices, 10 * 60_000)
  daily.unref()
  rentNotices()

  app.terminating(async () => {
    clearInterval(daily)
    await running
    await worker.stop()
  })
}
