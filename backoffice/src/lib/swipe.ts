/** A toast is dismissed by swiping it at least 50 px to the right. */
import { TOAST } from '@sakan/common'

/**
 * Whether a horizontal drag of `deltaX` px (positive = right) dismisses the toast. Right
 * always does (spec); on right-to-left pages, where toasts sit at the left edge, a swipe
 * towards that edge does too.
 */
export function isDismissingSwipe(deltaX: number, dir: 'ltr' | 'rtl'): boolean {
  if (deltaX >= TOAST.swipeThresholdPx) return true
  return dir === 'rtl' && deltaX <= -TOAST.swipeThresholdPx
}

/** How far the toast follows the finger: freely in a dismissing direction, resisting the other way. */
export function swipeOffset(deltaX: number, dir: 'ltr' | 'rtl'): number {
  const free = deltaX > 0 || dir === 'rtl'
  return free ? deltaX : deltaX / 4
}
