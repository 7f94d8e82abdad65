import i18nManager from '@adonisjs/i18n/services/main'
import string from '@adonisjs/core/helpers/string'
import {
  formatCalendarDate,
  formatMonth,
  formatMonthSpan,
  formatSar,
  fromHalalas,
  localizeDigits,
  type Locale,
  type NotificationData,
  type NotificationKind,
} from '@sakan/common'

/** What a notification says, in one language: the parts the e-mail templates and the list show. */
export interface NotificationTexts {
  subject: string
  body: string
  /** What the link does ("View your receipt"). */
  action: string
  /** Why she got it (the e-mail's footer). */
  why: string
}

/** The refund reasons with their own text (`notifications.refundReasons.*`); others say "other". */
const REFUND_REASONS = new Set(['month_already_paid', 'stay_ended', 'stay_ended_credit'])

const FIRST_STRONG_ISOLATE = '\u2068'
const POP_DIRECTIONAL_ISOLATE = '\u2069'

/**
 * A name or a text someone wrote, set apart from the sentence around it (Unicode isolates, as
 * the receipt's `<bdi>`): a right-to-left override in it then cannot reverse the sentence.
 * Isolate marks it holds are dropped, so that ours are the only ones and come in pairs.
 */
export function isolateName(value: string): string {
  return `${FIRST_STRONG_ISOLATE}${value.replace(/[\u2066-\u2069]/g, '')}${POP_DIRECTIONAL_ISOLATE}`
}

/** A text with isolated names (`isolateName`) as HTML: escaped, each name in a `<bdi>`. */
export function isolatesAsHtml(text: string): string {
  return string
    .escapeHTML(text)
    .replaceAll(FIRST_STRONG_ISOLATE, '<bdi>')
    .replaceAll(POP_DIRECTIONAL_ISOLATE, '</bdi>')
}

const asWritten = (value: string) => value

/**
 * A notification's texts in `locale`, from its stored facts (common/locales/<lang>/api.json,
 * `notifications.*`): amounts in SAR, months and dates in long format, in the locale's digits;
 * the names and texts people wrote (room, building, applicant, request title) through `name`.
 */
export function notificationTexts(
  kind: NotificationKind,
  data: NotificationData,
  locale: Locale,
  name: (value: string) => string = asWritten
): NotificationTexts {
  const i18n = i18nManager.locale(locale)
  const t = (key: string, values: Record<string, unknown> = {}) =>
    i18n.t(`notifications.${key}`, values)
  const sar = (halalas: number | undefined) => formatSar(fromHalalas(halalas ?? 0), locale)
  const status = (value: string | undefined) => (value ? t(`maintenanceStatus.${value}`) : '')
  const named = (value: string | undefined) => (value ? name(value) : '')
  const day = data.dueDate ?? data.endDate
  const values = {
    room: named(data.roomNumber && localizeDigits(data.roomNumber, locale)),
    building: named(data.buildingName?.[locale]),
    applicant: named(data.applicantName),
    amount: sar(data.amountHalalas),
    /* Months in a row as a range ("December 2026 – November 2027"), as the account app writes them. */
    months: data.months?.length ? formatMonthSpan(data.months, locale) : t('deposit'),
    month: data.month ? formatMonth(data.month, locale) : '',
    /* A due date, or the last day of an ended stay. */
    date: day ? formatCalendarDate(day, locale) : '',
    reason:
      data.reason === 'by_administrator' && data.note
        ? named(data.note)
        : t(`refundReasons.${REFUND_REASONS.has(data.reason ?? '') ? data.reason : 'other'}`),
    note: named(data.note),
    method: data.method ? t(`methods.${data.method}`) : '',
    title: named(data.title),
    from: status(data.from),
    to: status(data.to),
  }
  /* Months past a stay's end that the gateway could not refund: owed to her, not refunded. */
  const credit = kind === 'payment_refunded' && data.reason === 'stay_ended_credit'
  /* Rent the administrator recorded as received another way: how it came. */
  const recorded = kind === 'payment_completed' && data.method !== undefined
  let body = t(
    credit
      ? 'kinds.payment_refunded.creditBody'
      : recorded
        ? 'kinds.payment_completed.recordedBody'
        : `kinds.${kind}.body`,
    values
  )
  if (kind === 'rent_overdue' && data.lateFeeHalalas) {
    const fee = sar(data.lateFeeHalalas)
    const total = sar((data.amountHalalas ?? 0) + data.lateFeeHalalas)
    body += ` ${t('kinds.rent_overdue.lateFee', { fee, total })}`
  }
  /* What is still held of her deposit after this return, or that all of it is back. */
  if (kind === 'deposit_returned' && data.heldHalalas !== undefined) {
    body += ` ${
      data.heldHalalas > 0
        ? t('kinds.deposit_returned.stillHeld', { held: sar(data.heldHalalas) })
        : t('kinds.deposit_returned.allReturned')
    }`
  }
  return {
    subject: t(credit ? 'kinds.payment_refunded.creditSubject' : `kinds.${kind}.subject`, values),
    body,
    action: t(`kinds.${kind}.action`),
    why: t(`kinds.${kind}.why`),
  }
}

/** The brand, greeting and signature of an e-mail to `name` (null: no name known). */
export function mailFrame(
  locale: Locale,
  name: string | null,
  isolate: (value: string) => string = asWritten
) {
  const i18n = i18nManager.locale(locale)
  return {
    brand: i18n.t('notifications.brand'),
    greeting: name
      ? i18n.t('notifications.greeting', { name: isolate(name) })
      : i18n.t('notifications.greetingAnonymous'),
    signature: i18n.t('notifications.signature'),
  }
}

/**
 * What the e-mail of a notification to `name` says (resources/views/emails): its texts and
 * frame with every name isolated (Unicode isolates, for the subject and the text part), and
 * the greeting and body as HTML, each name in a `<bdi>` (the HTML part).
 */
export function notificationMail(
  kind: NotificationKind,
  data: NotificationData,
  locale: Locale,
  name: string | null
) {
  const texts = notificationTexts(kind, data, locale, isolateName)
  const frame = mailFrame(locale, name, isolateName)
  return {
    texts,
    ...frame,
    html: { greeting: isolatesAsHtml(frame.greeting), body: isolatesAsHtml(texts.body) },
  }
}
