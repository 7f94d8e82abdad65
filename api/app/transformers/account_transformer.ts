import type * as Api from '@sakan/common'
import { fromHalalas, type Locale } from '@sakan/common'
import type Payment from '#models/payment'
import type MaintenanceRequest from '#models/maintenance_request'
import { buildingName, instant, residentRef, roomRef } from '#transformers/helpers'

/** A payment as the contract shapes it; `paymentReference` is the gateway's payment id or a recorded payment's reference. */
export function serializePayment(payment: Payment, locale: Locale): Api.Payment {
  return {
    id: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    paymentMethod: payment.method,
    monthCovered: payment.monthCovered,
    paymentReference: payment.paymentReference,
    paymentStatus: payment.status,
    statusReason: payment.statusReason,
    paymentDate: payment.paymentDate ? instant(payment.paymentDate) : null,
    createdAt: instant(payment.createdAt),
    roomId: payment.roomId,
    room: roomRef(payment.room, locale),
    user: residentRef(payment.user),
    kind: payment.kind,
    monthsCovered: (payment.months ?? []).map((row) => row.month).sort(),
    refundedAmount: fromHalalas(payment.refundedHalalas),
    voidReason: payment.voidReason,
  }
}

/** A maintenance request as the contract shapes it. */
export function serializeMaintenanceRequest(
  request: MaintenanceRequest,
  locale: Locale
): Api.MaintenanceRequest {
  return {
    id: request.id,
    title: request.title,
    description: request.description,
    category: request.category,
    priority: request.priority,
    status: request.status,
    createdAt: instant(request.createdAt),
    roomId: request.roomId,
    buildingId: request.buildingId,
    user: request.user
      ? { id: request.user.id, fullName: request.user.fullName ?? request.user.username }
      : null,
    room: request.room ? { id: request.room.id, roomNumber: request.room.roomNumber } : null,
    building: buildingName(request.building, locale),
    photos: (request.photos ?? []).map((photo) => ({
      url: maintenancePhotoUrl(request.id, photo.position),
    })),
    history: (request.history ?? []).map((change) => ({
      from: change.fromStatus,
      to: change.toStatus,
      at: instant(change.createdAt),
      by: change.changer ? (change.changer.fullName ?? change.changer.email) : null,
    })),
  }
}

/** The private route serving a request's `position`-th photo (1-based). */
export function maintenancePhotoUrl(requestId: number, position: number): string {
  return `/api/maintenance-requests/${requestId}/photos/${position}`
}
