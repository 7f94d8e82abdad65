/**
 * What a refused call tells her: the API's own words when it sent them (already in her
 * language), else the page's. Kept out of the toasts' and the calls' modules, which every
 * first load carries: only the pages that call the API need it.
 */
import { isApiError } from '../providers/http'
import { showToast } from './toasts'

export function serverMessageOr(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback
}

/** A failed call's toast: the API's reason, else `fallback`. */
export function showErrorToast(error: unknown, fallback: string): void {
  showToast({ tone: 'error', title: serverMessageOr(error, fallback) })
}
