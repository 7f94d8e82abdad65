/**
 * The API contract (spec §3): every JSON shape the API answers, declared once. The API's
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
  src: string
  srcset: string
  width: number
  height: number
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
  /** The card gateway's payment id. */
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
  room: { id: number; roomNumber: string; building: BuildingName | null } | null
  user: { id: number; fullName: string | null; email: string } | null
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
}

/** GET /api/admin/stats: the administrator's figures; the revenue in SAR. */
export interface AdminStats {
  totalRooms: number
  occupiedRooms: number
  occupancyRate: number
  pendingApplications: number
  monthlyRevenue: number
  currency: Currency
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
}
