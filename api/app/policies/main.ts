/**
 * The Bouncer policies, one per concept, referenced by name:
 * `bouncer.with('ApplicationPolicy').authorize('review')`.
 */
export const policies = {
  ApplicationPolicy: () => import('#policies/application_policy'),
}
