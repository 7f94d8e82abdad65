/**
 * The Bouncer policies, one per concept, referenced by name:
 * `bouncer.with('ApplicationPolicy').authorize('review')`.
 */
export const policies = {
  ApplicationPolicy: () => import('#policies/application_policy'),
  BuildingPolicy: () => import('#policies/building_policy'),
  RoomPolicy: () => import('#policies/room_policy'),
  ReviewPolicy: () => import('#policies/review_policy'),
  MaintenanceRequestPolicy: () => import('#policies/maintenance_request_policy'),
  TenancyPolicy: () => import('#policies/tenancy_policy'),
  NotificationPolicy: () => import('#policies/notification_policy'),
}
