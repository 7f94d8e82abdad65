import { notificationsStore } from '@mantine/notifications'
import { beforeEach, describe, expect, it } from 'vitest'
import { notificationProvider, showToast, toastsReady } from '../src/lib/toasts'
// The toast area, which fetches the toasts' store with its own code.
import '../src/components/feedback/Toasts'

const visible = () => notificationsStore.getState().notifications

describe('toasts (spec §4, §9: one at a time, each for its full 5000 ms)', () => {
  beforeEach(() =>
    notificationsStore.updateState((state) => ({ ...state, notifications: [], queue: [] }))
  )

  it('replaces the visible toast with a new entry even under the same key', async () => {
    const first = showToast({ id: 'application-review', title: 'Approved' })
    const second = showToast({ id: 'application-review', title: 'Rejected' })
    await toastsReady()
    // A new id makes Mantine mount a new toast with its own timer, not reuse the old one's.
    expect(second).not.toBe(first)
    expect(visible().map((toast) => [toast.id, toast.title])).toEqual([[second, 'Rejected']])
  })

  it('closes a toast by the key it was opened with', async () => {
    await toastsReady()
    notificationProvider.open?.({ key: 'upload', message: 'Uploading', type: 'progress' })
    expect(visible()).toHaveLength(1)
    notificationProvider.close?.('other')
    expect(visible()).toHaveLength(1)
    notificationProvider.close?.('upload')
    expect(visible()).toHaveLength(0)
  })
})
