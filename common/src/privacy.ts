/*
 * The privacy notice's version and where she accepts it: apart from constants.ts, so that the
 * pages that never ask (the sign-in page) do not carry it.
 */

/**
 * The privacy notice in force: the day it took effect. She accepts it when she signs up or
 * signs in, and with each application; a newer one is asked again (issue 45).
 */
export const PRIVACY_NOTICE_VERSION = '2026-12-03'

/** Where a consent was given: the sign-up form, a sign-in (or the notice asked again), an application. */
export const CONSENT_CONTEXTS = ['sign_up', 'sign_in', 'application'] as const
export type ConsentContext = (typeof CONSENT_CONTEXTS)[number]
