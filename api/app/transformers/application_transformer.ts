import type * as Api from '@sakan/common'
import type { Locale } from '@sakan/common'
import type Application from '#models/application'
import type AuditEvent from '#models/audit_event'
import { buildingName, calendarDate, instant } from '#transformers/helpers'

/** An application in the contract's shape; `idDocument` is the key served by /api/images/{key}. */
/** An application whose document nobody has looked at yet (a new one). */
const NOT_VIEWED: Api.DocumentViews = { count: 0, lastAt: null }

export function serializeApplication(
  application: Application,
  locale: Locale,
  documentViews: Api.DocumentViews = NOT_VIEWED
): Api.Application {
  const room = application.room
  return {
    id: application.id,
    status: application.status,
    createdAt: instant(application.createdAt),
    moveInDate: calendarDate(application.moveInDate),
    additionalInfo: application.additionalInfo,
    idDocument: application.documentKey,
    idDocumentType: application.documentContentType,
    documentViews,
    documentDestroyedAt: application.documentDestroyedAt
      ? instant(application.documentDestroyedAt)
      : null,
    reviewedAt: application.reviewedAt ? instant(application.reviewedAt) : null,
    roomId: application.roomId,
    user: application.user
      ? {
          id: application.user.id,
          fullName: application.user.fullName ?? application.user.username,
          email: application.user.email,
          emailVerified: application.user.emailVerified,
          phone: application.user.phone,
        }
      : null,
    room: room
      ? {
          id: room.id,
          roomNumber: room.roomNumber,
          price: room.price,
          building: buildingName(room.building, locale),
        }
      : null,
  }
}

function serializeAuditEvent(event: AuditEvent): Api.ApplicationEvent {
  return {
    id: event.id,
    action: event.action,
    actorId: event.actorId,
    details: event.details,
    createdAt: instant(event.createdAt),
  }
}

/** An application with its decision history, oldest first. */
export function serializeApplicationDetail(
  application: Application,
  history: AuditEvent[],
  locale: Locale,
  documentViews: Api.DocumentViews
): Api.ApplicationDetail {
  return {
    ...serializeApplication(application, locale, documentViews),
    history: history.map(serializeAuditEvent),
  }
}
