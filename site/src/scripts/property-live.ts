/** The property page's live part: availability, price and remaining badge from `/api/rooms/{id}`. */
import { initApplyLinks } from './apply'
import { api } from './http'
import { applyLiveRoom, type LiveRoom } from './live-cards'

export async function initPropertyLive(): Promise<void> {
  initApplyLinks()
  const root = document.querySelector<HTMLElement>('[data-property]')
  const id = root?.dataset.roomId
  if (!root || !id) return
  const card = root.querySelector<HTMLElement>('[data-apply-card]')
  try {
    const { status, data: room } = await api<LiveRoom>(`/api/rooms/${encodeURIComponent(id)}`)
    if (status === 404) {
      // The room was removed after this page was built.
      root.querySelector<HTMLElement>('[data-property-content]')?.setAttribute('hidden', '')
      root.querySelector<HTMLElement>('[data-property-error]')?.removeAttribute('hidden')
      return
    }
    if (room) applyLiveRoom(root, room)
  } catch {
    // Offline: the page keeps what it was built with.
  } finally {
    card?.removeAttribute('data-live-pending')
  }
}
