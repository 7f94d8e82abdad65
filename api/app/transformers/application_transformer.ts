import type * as Api from '@sakan/common'
import type { Locale } from '@sakan/common'
import type Application from '#models/application'
import type AuditEvent from '#models/audit_event'
import { buildingName, calendarDate, instant } from '#transformers/helpers'

/** An application in the contract's shape; `idDocument` is the key served by /api/images/{key}. */
export function serializeApplication(application: Application, locale: Locale): Api.Application {
  const room = application.room
  return {
    id: application.id,
    status: application.status,
    createdAt: instant(application.createdAt),
    moveInDate: calendarDate(application.moveInDate),
    additionalInfo: application.additionalInfo,
    idDocument: application.documentKey,
    idDocumentType: application.documentContentType,
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
  locale: Locale
): Api.ApplicationDetail {
  return { ...serializeApplication(application, locale), history: history.map(serializeAuditEvent) }
}
