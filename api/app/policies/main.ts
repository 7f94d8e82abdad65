/**
 * The Bouncer policies, one per concept, referenced by name:
 * `bouncer.with('ApplicationPolicy').authorize('review', application)`.
 */
export const policies = {}
