import i18nManager from '@adonisjs/i18n/services/main'
import {
  formatCalendarDate,
  formatMonth,
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

/**
 * A notification's texts in `locale`, from its stored facts (common/locales/<lang>/api.json,
 * `notifications.*`): amounts in SAR, months and dates in long format, in the locale's digits.
 */
export function notificationTexts(
  kind: NotificationKind,
  data: NotificationData,
  locale: Locale
): NotificationTexts {
  const i18n = i18nManager.locale(locale)
  const t = (key: string, values: Record<string, unknown> = {}) =>
    i18n.t(`notifications.${key}`, values)
  const sar = (halalas: number | undefined) => formatSar(fromHalalas(halalas ?? 0), locale)
  const status = (value: string | undefined) => (value ? t(`maintenanceStatus.${value}`) : '')
  const values = {
    room: data.roomNumber ? localizeDigits(data.roomNumber, locale) : '',
    building: data.buildingName?.[locale] ?? '',
    applicant: data.applicantName ?? '',
    amount: sar(data.amountHalalas),
    months: data.months?.length
      ? data.months.map((month) => formatMonth(month, locale)).join(locale === 'ar' ? '، ' : ', ')
      : t('deposit'),
    month: data.month ? formatMonth(data.month, locale) : '',
    date: data.dueDate ? formatCalendarDate(data.dueDate, locale) : '',
    reason: t(`refundReasons.${REFUND_REASONS.has(data.reason ?? '') ? data.reason : 'other'}`),
    title: data.title ?? '',
    from: status(data.from),
    to: status(data.to),
  }
  /* Months past a stay's end that the gateway could not refund: owed to her, not refunded. */
  const credit = kind === 'payment_refunded' && data.reason === 'stay_ended_credit'
  let body = t(credit ? 'kinds.payment_refunded.creditBody' : `kinds.${kind}.body`, values)
  if (kind === 'rent_overdue' && data.lateFeeHalalas) {
    const fee = sar(data.lateFeeHalalas)
    const total = sar((data.amountHalalas ?? 0) + data.lateFeeHalalas)
    body += ` ${t('kinds.rent_overdue.lateFee', { fee, total })}`
  }
  return {
    subject: t(credit ? 'kinds.payment_refunded.creditSubject' : `kinds.${kind}.subject`, values),
    body,
    action: t(`kinds.${kind}.action`),
    why: t(`kinds.${kind}.why`),
  }
}

/** The brand, greeting and signature of an e-mail to `name` (null: no name known). */
export function mailFrame(locale: Locale, name: string | null) {
  const i18n = i18nManager.locale(locale)
  return {
    brand: i18n.t('notifications.brand'),
    greeting: name
      ? i18n.t('notifications.greeting', { name })
      : i18n.t('notifications.greetingAnonymous'),
    signature: i18n.t('notifications.signature'),
  }
}
