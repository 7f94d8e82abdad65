import type { Locale } from '@sakan/common'
import type Application from '#models/application'
import type AuditEvent from '#models/audit_event'

/** An application as spec §3 shapes it; `idDocument` is the key served by /api/images/{key}. */
export function serializeApplication(application: Application, locale: Locale) {
  const room = application.room
  const building = room?.building
  return {
    id: application.id,
    status: application.status,
    createdAt: application.createdAt.toUTC().toISO(),
    moveInDate: application.moveInDate.toISODate(),
    additionalInfo: application.additionalInfo,
    idDocument: application.documentKey,
    idDocumentType: application.documentContentType,
    reviewedAt: application.reviewedAt?.toUTC().toISO() ?? null,
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
          building: building
            ? {
                id: building.id,
                name: locale === 'ar' ? building.nameAr : building.nameEn,
                name_en: building.nameEn,
                name_ar: building.nameAr,
              }
            : null,
        }
      : null,
  }
}

export function serializeAuditEvent(event: AuditEvent) {
  return {
    id: event.id,
    action: event.action,
    actorId: event.actorId,
    details: event.details,
    createdAt: event.createdAt.toUTC().toISO(),
  }
}
