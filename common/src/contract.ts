/**
 * The API contract: every JSON shape the API answers, declared once. The API's
 * transformers are checked against these types, and the site and the account app read them.
 */

import type {
  ApplicationStatus,
  BuildingAmenity,
  Currency,
  MaintenanceCategory,
  MaintenancePriority,
  MaintenanceStatus,
  PaymentMethod,
  PaymentStatus,
  Role,
  RoomFeature,
  Zone,
} from './domain.js'
import type { IdDocumentType } from './constants.js'
import type {
  DepositState,
  LedgerMonthState,
  OverdueBucket,
  PaymentKind,
  TenancyState,
} from './ledger.js'
import type { NotificationKind, NotificationState } from './notifications.js'
import type { Locale } from './locale.js'

/** A text in both languages plus the caller's as the plain field: `x`, `x_en`, `x_ar`. */
export type Bilingual<Key extends string, Value = string> = Record<
  Key | `${Key}_en` | `${Key}_ar`,
  Value
>

/** Instants are ISO 8601 in UTC (`2026-11-22T09:00:00.000Z`), calendar dates `yyyy-MM-dd`. */
type Instant = string
type CalendarDate = string

/* ── Lists ─────────────────────────────────────────────────────────────────────────────── */

/**
 * Every list pages as Refine's simple-rest provider asks: `_start` inclusive, `_end`
 * exclusive; at most `MAX_PAGE_ROWS` rows whatever `_end` says; the total before paging
 * in the `X-Total-Count` header.
 */
export interface PageRange {
  _start?: number
  _end?: number
}
export const MAX_PAGE_ROWS = 100
export const TOTAL_COUNT_HEADER = 'X-Total-Count'

/* ── Errors ────────────────────────────────────────────────────────────────────────────── */

/** One field's failure in a 422 answer. */
export interface FieldError {
  field: string
  rule: string
  message: string
}

/** The one shape of every error the API answers, in the caller's language. */
export interface ErrorBody {
  message: string
  errors?: FieldError[]
}

/* ── Catalogue: GET /api/rooms, /api/rooms/{id}, /api/reviews ──────────────────────────── */

/** One photo in every stored width, ready for `<img src srcset width height>`. */
export interface RoomImage {
  /** JPEG, as every browser reads it: the `<img>`. */
  src: string
  srcset: string
  width: number
  height: number
  /**
   * The same widths in smaller formats, AVIF then WebP, for a `<picture>`'s
   * `<source type srcset sizes>` before the `<img>`: the browser takes the first it reads.
   */
  sources: ImageSource[]
}

/** The formats a photo is also stored in, the smallest first. */
export type ImageSourceType = 'image/avif' | 'image/webp'

/** One `<source>` of a photo's `<picture>`. */
export interface ImageSource {
  type: ImageSourceType
  srcset: string
}

export interface Building extends Bilingual<'name'>, Bilingual<'address'> {
  id: number
  zone: Zone
  amenities: BuildingAmenity[]
  latitude: number
  longitude: number
  isFullyManaged: boolean
}

/** A room with its building; money in SAR. The list card and the detail are the same shape. */
export interface Room extends Bilingual<'description'>, Bilingual<'type', string | null> {
  id: number
  roomNumber: string
  price: number
  currency: Currency
  createdAt: Instant
  /** The photos' `src`, in order (the first is the card's). */
  photos: string[]
  images: RoomImage[]
  features: RoomFeature[]
  /** In square metres. */
  size: number
  availability: boolean
  /**
   * The day a taken room is free again (`yyyy-MM-dd`), when its stay has an end date ahead:
   * "available from {date}". Null when it is available, or taken with no end set.
   */
  availableFrom: string | null
  occupancyRate: number
  buildingId: number
  building: Building
}

export interface ReviewUser extends Bilingual<'fullName'>, Bilingual<'title', string | null> {
  avatar: string | null
}

export interface Review extends Bilingual<'comment'> {
  id: number
  rating: number
  user: ReviewUser
}

/* ── Account lists: GET /api/applications, /api/payments, /api/maintenance-requests ────── */

/** The building a row of an account list names. */
export interface BuildingName extends Bilingual<'name'> {
  id: number
}

export interface Application {
  id: number
  status: ApplicationStatus
  createdAt: Instant
  moveInDate: CalendarDate
  additionalInfo: string | null
  /** The document's key, served by `GET /api/images/{key}`. */
  idDocument: string | null
  idDocumentType: IdDocumentType | null
  /** The administrator's looks at her ID document (each one audited): how many, and the last. */
  documentViews: DocumentViews
  /** When her ID document was destroyed, no longer needed (`idDocument` is then null). */
  documentDestroyedAt: Instant | null
  reviewedAt: Instant | null
  roomId: number
  user: {
    id: number
    /** Her full name, else her username. */
    fullName: string | null
    email: string
    /** Whether Firebase has verified her address. */
    emailVerified: boolean
    phone: string | null
  } | null
  room: {
    id: number
    roomNumber: string
    price: number
    building: BuildingName | null
  } | null
}

/** How often the administrator has viewed or downloaded an application's ID document. */
export interface DocumentViews {
  count: number
  lastAt: Instant | null
}

/** An audit event of the application's history (`application.approved`, `.rejected`, …). */
export interface ApplicationEvent {
  id: number
  action: string
  actorId: number | null
  details: Record<string, unknown> | null
  createdAt: Instant
}

/** GET /api/applications/{id}: the application and its decisions, oldest first. */
export interface ApplicationDetail extends Application {
  history: ApplicationEvent[]
}

export interface Payment {
  id: number
  /** In SAR. */
  amount: number
  currency: Currency
  paymentMethod: PaymentMethod
  /** The rent month `yyyy-MM`. */
  monthCovered: string
  /**
   * The card gateway's payment id; for a payment the administrator recorded, its own reference
   * (the Ejar/SADAD or transfer reference, the receipt book's number).
   */
  paymentReference: string
  paymentStatus: PaymentStatus
  /**
   * Why, when the gateway's status alone does not tell: `month_already_paid` (a second
   * payment for a month already paid, refunded). Null otherwise.
   */
  statusReason: string | null
  paymentDate: Instant | null
  createdAt: Instant
  roomId: number
  room: RoomRef | null
  user: ResidentRef | null
  /** Rent, or a stay's deposit. */
  kind: PaymentKind
  /** The rent months it pays, `yyyy-MM` (one, or 3 or 12 paid ahead; none for a deposit). */
  monthsCovered: string[]
  /** What was given back of it so far (SAR; 0 when nothing was). */
  refundedAmount: number
  /** Why the administrator voided it (a recorded payment), or null. */
  voidReason: string | null
}

/** The room a resident's record is about. */
export interface RoomRef {
  id: number
  roomNumber: string
  building: BuildingName | null
}

/** The resident a record belongs to. */
export interface ResidentRef {
  id: number
  fullName: string | null
  email: string
}

/** GET /api/tenancies: a stay, from its approval to its end. Amounts in SAR. */
export interface Tenancy {
  id: number
  roomId: number
  userId: number
  applicationId: number
  monthlyRent: number
  /** The move-in date, `yyyy-MM-dd`. */
  startDate: string
  endDate: string | null
  endReason: string | null
  state: TenancyState
  deposit: {
    amount: number
    /** Derived from the completed deposit payments and the returns. */
    state: DepositState
    /** What completed deposit payments paid. */
    paid: number
    /** What was returned so far, over one or more returns; null before the first. */
    returnedAmount: number | null
    /** The reason given with the latest return. */
    reason: string | null
  }
  /** The Ejar contract number (10 digits), when registered. */
  ejarContractNumber: string | null
  /** What is owed now: due and overdue months with their late fees, and the deposit while due. */
  balance: number
  /** The balance's lines: rent (late fees included) and the deposit while it is due. */
  owed: { rent: number; deposit: number }
  /** Whether a month is past its grace. */
  overdue: boolean
  room: RoomRef | null
  user: ResidentRef | null
  /** What ending the stay did with rent paid past its end month, oldest first. */
  settlements: StaySettlement[]
}

/**
 * Rent paid for months past a stay's end month, settled when it ended: refunded to
 * her card, or owed to her as a credit where the gateway could not refund it. Amounts in SAR.
 */
export interface StaySettlement {
  id: number
  paymentId: number
  /** The months it gave back, `yyyy-MM`. */
  months: string[]
  amount: number
  outcome: 'refunded' | 'credit'
  createdAt: Instant
}

/** GET /api/tenancies/{id}/ledger: one month of a stay. Amounts in SAR. */
export interface LedgerRow {
  /** `yyyy-MM`. */
  month: string
  state: LedgerMonthState
  amount: number
  /** 0 unless overdue with a configured late fee. */
  lateFee: number
  /** The completed payment that covers it, if any. */
  paymentId: number | null
  /** How that payment came (card, Ejar, transfer, cash), or null. */
  paymentMethod: PaymentMethod | null
  /** What was given back of that payment so far (SAR; 0 when nothing or none). */
  refunded: number
  /** The month's due date, `yyyy-MM-dd`. */
  dueDate: string
}

/** GET /api/payments/quote: what the server will require for a payment. Amounts in SAR. */
export interface PaymentQuote {
  roomId: number
  kind: PaymentKind
  monthsCovered: string[]
  gross: number
  discountPercent: number
  discount: number
  amount: number
  currency: Currency
  /**
   * The claim the server made for this payment, signed: the card form sends it as
   * the gateway payment's `metadata.claim`; a payment without it, or with another's, is refunded.
   */
  claim: string
}

/** GET /api/payments/{id}/receipt: a completed payment's receipt. Amounts in SAR. */
export interface Receipt {
  /** `YYYY-000042`: sequential per year, never reused. */
  number: string
  issuedAt: Instant
  paymentId: number
  kind: PaymentKind
  monthsCovered: string[]
  gross: number
  discount: number
  amount: number
  currency: Currency
  paymentMethod: PaymentMethod
  paymentReference: string
  paymentDate: Instant | null
  /** Given back whole. */
  refunded: boolean
  /** What was given back so far (SAR), whole or in part. */
  refundedAmount: number
  /** Each refund given, oldest first. */
  refunds: { amount: number; reason: string; createdAt: Instant }[]
  /** A recorded payment struck out, and why. */
  voided: boolean
  voidReason: string | null
  resident: ResidentRef | null
  room: RoomRef | null
}

/** GET /api/payments/verify/{id}: the gateway's word on one card payment. */
export interface PaymentVerification {
  /** The gateway's payment id. */
  id: string
  /** The gateway's status (`paid`, `failed`, `initiated`, `refunded`, …). */
  status: string
  /** In SAR. */
  amount: number
  created: Instant
  /** The gateway's message for the card step (e.g. "Insufficient Funds"), or null. */
  message: string | null
  /**
   * Our record of it (`/receipts/{paymentId}` once completed), or null when it was not recorded
   * (refused: not hers to credit).
   */
  paymentId: number | null
}

export interface MaintenanceRequest {
  id: number
  title: string
  description: string
  category: MaintenanceCategory
  priority: MaintenancePriority
  status: MaintenanceStatus
  createdAt: Instant
  roomId: number
  buildingId: number
  user: { id: number; fullName: string | null } | null
  room: { id: number; roomNumber: string } | null
  building: BuildingName | null
  /** URLs of the private photo route (`/api/maintenance-requests/{id}/photos/{n}`), in upload order. */
  photos: { url: string }[]
  /**
   * Oldest first; the creation is `{from: null, to: 'pending', at: createdAt, by: <tenant's name>}`;
   * `by` is the changer's full name or e-mail.
   */
  history: {
    from: MaintenanceStatus | null
    to: MaintenanceStatus
    at: Instant
    by: string | null
  }[]
}

/* ── Session, administration, settings ─────────────────────────────────────────────────── */

/** The signed-in user: `POST /api/auth/firebase-login` and `GET /api/auth/me`. */
export interface SessionUser {
  id: number
  email: string
  fullName: string | null
  username: string | null
  phone: string | null
  photoUrl: string | null
  role: Role
  isAdmin: boolean
  /** Whether Firebase has verified her e-mail address. */
  emailVerified: boolean
  /** The language her messages are written in: her latest choice while signed in. */
  locale: Locale
  /** Whether she gets rent reminders (decisions, payments and receipts always go). */
  rentReminders: boolean
  /**
   * The privacy notice's version she last accepted (`PRIVACY_NOTICE_VERSION` when current),
   * or null: the account app asks her again while it is not the current one.
   */
  privacyVersion: string | null
}

/** GET /api/admin/stats: the administrator's figures; the revenue in SAR. */
export interface AdminStats {
  totalRooms: number
  occupiedRooms: number
  occupancyRate: number
  pendingApplications: number
  monthlyRevenue: number
  currency: Currency
  /** Running stays with a month past its grace. */
  overdueTenancies: number
  /** What those months owe, late fees included, in SAR. */
  overdueTotal: number
}

/** GET /api/config: what the browser apps need at start-up, decided by the server. */
export interface RuntimeConfig {
  firebase: {
    apiKey: string
    authDomain: string
    projectId: string
    /** `http://127.0.0.1:9099` in development, demo and tests; `null` in production. */
    emulatorUrl: string | null
  }
  moyasar: { publishableKey: string; baseUrl: string }
  /** `null`: the map shows the built-in tiles. */
  map: { tileUrl: string | null }
  /** The rent terms the pages may promise: only what the configuration makes true. */
  rent: RentPromise
}

/**
 * What the pages (the public site and the account app) say about paying rent, from the API's
 * rent terms (`RENT_GRACE_DAYS`, `RENT_LATE_FEE`, `RENT_DISCOUNT_QUARTER_PERCENT`,
 * `RENT_DISCOUNT_YEAR_PERCENT`): the days from the 1st during which a month is not late, the
 * late fee charged after them — an amount in SAR or a percentage of the month's rent — or null
 * when none is configured (and then no page speaks of one), and the percent off the rent for
 * paying a quarter (3 months) or a year (12 months) at once, 0 for none (and then no page
 * promises that discount).
 */
export interface RentPromise {
  graceDays: number
  lateFee: { amount: number } | { percent: number } | null
  discountPercent: { quarterly: number; annual: number }
}

/* ── Back office: admin reads and the catalogue's writes ───────────────────────────────── */

/**
 * Every list the back office reads pages (`_start`/`_end`), sorts (`_sort` one field of the
 * list's whitelist, `_order` `asc`|`desc`; any other field → 422 on `_sort`) and filters by
 * field (`field=value`) and `q` (free text) as Refine's simple-rest provider sends them, with
 * the total in `X-Total-Count`.
 */
export type SortOrder = 'asc' | 'desc'
export interface ListQuery extends PageRange {
  _sort?: string
  _order?: SortOrder
  q?: string
}

/** GET /api/admin/buildings(/{id}): a building as the administrator manages it. */
export interface AdminBuilding extends Building {
  /** Hidden from the public, kept for history (a building with rooms is archived, not deleted). */
  archivedAt: Instant | null
  /** Its rooms, archived ones included. */
  roomCount: number
  createdAt: Instant
  updatedAt: Instant
}

/** One stored photo of a room with its id and place, for reordering and removing. */
export interface AdminRoomPhoto extends RoomImage {
  id: number
  /** 1-based, the card's photo first. */
  position: number
}

/** GET /api/admin/rooms(/{id}): a room as the administrator manages it. */
export interface AdminRoom extends Room {
  archivedAt: Instant | null
  updatedAt: Instant
  gallery: AdminRoomPhoto[]
}

/** GET /api/admin/reviews(/{id}). */
export interface AdminReview extends Review {
  featured: boolean
  createdAt: Instant
  updatedAt: Instant
}

/** POST /api/buildings, PATCH /api/buildings/{id} (every field optional on PATCH). */
export interface BuildingInput extends Bilingual<'name'>, Bilingual<'address'> {
  zone: Zone
  amenities: BuildingAmenity[]
  latitude: number
  longitude: number
  isFullyManaged: boolean
}
/** Without the plain (caller's language) fields: a write names both languages. */
export type BuildingWrite = Omit<BuildingInput, 'name' | 'address'> & {
  /** PATCH only: `false` brings an archived building back (its rooms stay archived). */
  archived?: boolean
}

/**
 * `PATCH /api/rooms/{id}/photos`: the room's photo ids in their new order (every one, once).
 * Photos are added with `POST /api/rooms/{id}/photos` (multipart, field `photos`) and removed with
 * `DELETE /api/rooms/{id}/photos/{photoId}`; each answers the room as an `AdminRoom`.
 */
export interface RoomPhotoOrder {
  order: number[]
}

/** POST /api/rooms, PATCH /api/rooms/{id} (every field optional on PATCH). */
export interface RoomWrite {
  buildingId: number
  roomNumber: string
  /** Monthly rent in SAR (at most 2 decimals). */
  price: number
  /** m². */
  size: number
  type_en: string | null
  type_ar: string | null
  features: RoomFeature[]
  description_en: string
  description_ar: string
  availability: boolean
  occupancyRate: number
  /** PATCH only: `true` archives, `false` restores. */
  archived?: boolean
}

/** POST /api/reviews, PATCH /api/reviews/{id}; the avatar is `POST /api/reviews/{id}/avatar`. */
export interface ReviewWrite {
  rating: number
  comment_en: string
  comment_ar: string
  fullName_en: string
  fullName_ar: string
  title_en: string | null
  title_ar: string | null
  featured: boolean
}

/** DELETE /api/buildings/{id} or /api/rooms/{id} of a record with history: archived, 200. */
export interface ArchivedAnswer {
  archived: true
  archivedAt: Instant
}

/** GET /api/admin/payments/summary?<the list's filters>: the filtered set's count and sum. */
export interface PaymentsSummary {
  count: number
  /** In SAR, every status of the filtered set. */
  total: number
  currency: Currency
}

/**
 * GET /api/admin/rent-roll?month=yyyy-MM&buildingId=: how a month went, for one building or all.
 * Amounts in SAR. `expected = paid + outstanding`, each the sum of the stays' ledgers for the
 * month; `collected` is the money received in the month (Riyadh), less what was refunded of it,
 * as the payments list sums it; the residents behind are as of today.
 */
export interface RentRoll {
  month: string
  buildingId: number | null
  /** Today in Riyadh, `yyyy-MM-dd`: the day the residents behind and their ages are read on. */
  asOf: string
  currency: Currency
  /** Rooms in the building(s), archived ones left out. */
  rooms: number
  /** Rooms a stay holds on some day of the month. */
  occupied: number
  /** The month's rent over the stays that hold it (each stay's ledger charge). */
  expected: number
  /** Of `expected`, the months paid. */
  paid: number
  /** Of `expected`, the months not paid (due, overdue or not yet due). */
  outstanding: number
  /** Late fees on the month's rent past its grace, unpaid. */
  lateFees: number
  /** Received in the month, by how it came, less refunds. */
  collected: { total: number; byMethod: Record<PaymentMethod, number> }
  /** Deposits paid and not yet returned, today. */
  depositsHeld: number
  behind: {
    /** Every age bucket, in order, with how many residents and what they owe. */
    buckets: { bucket: OverdueBucket; residents: number; owed: number }[]
    /** How many residents are behind in all. */
    total: number
    /** The longest behind first, at most 100 (the CSV has every one). */
    residents: RentRollResident[]
  }
  /** The 12 months ending with `month`, oldest first: expected and collected by method. */
  history: { month: string; expected: number; collected: Record<PaymentMethod, number> }[]
}

/** One resident behind on her rent, in a rent roll. */
export interface RentRollResident {
  tenancyId: number
  user: ResidentRef | null
  room: RoomRef | null
  /** What her stay owes today (rent with late fees, and the deposit while due). */
  owed: number
  /** The due date of her earliest unpaid month, `yyyy-MM-dd`. */
  overdueSince: string
  /** Days since then. */
  days: number
  bucket: OverdueBucket
}

/** GET /api/admin/audit-events: one administrator decision (or sign-in event). */
export interface AuditEventRow {
  id: number
  action: string
  actorId: number | null
  actor: { id: number; fullName: string | null; email: string } | null
  subjectType: string | null
  subjectId: number | null
  details: Record<string, unknown> | null
  createdAt: Instant
}

/* ── Notifications ─────────────────────────────────────────────────────────────────────── */

/** GET /api/notifications: one of her notifications, newest first; texts in her language. */
export interface Notification {
  id: number
  kind: NotificationKind
  title: string
  body: string
  /** The account app's page about it (a path on our origin), or null. */
  link: string | null
  read: boolean
  createdAt: Instant
}

/** GET /api/admin/notifications: one message of the outbox, with its delivery. */
export interface OutboxRow {
  id: number
  kind: NotificationKind
  recipient: { id: number; fullName: string | null; email: string }
  locale: Locale
  state: NotificationState
  attempts: number
  /** An error code, never personal data. */
  lastError: string | null
  nextAttemptAt: Instant | null
  sentAt: Instant | null
  createdAt: Instant
}
