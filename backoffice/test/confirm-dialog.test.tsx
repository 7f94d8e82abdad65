// @vitest-environment jsdom
/**
 * A confirmation dialog gives the focus back to what opened it once it has gone: also when
 * something moved the focus into it as it closed (Mantine's late check of a Tab through a
 * native date input did, on a busy page, which cancelled Mantine's own return), and not when
 * she has put the focus elsewhere meanwhile.
 */
import { act, useState } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ConfirmDialog } from '../src/components/feedback/ConfirmDialog'
import { button, dialog, mantineInJsdom, mount, unmountAll, until } from './dom-api'

function Page() {
  const [opened, setOpened] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        End the stay
      </button>
      <button type="button">Elsewhere</button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="End the stay?"
        cancelLabel="Cancel"
        confirmLabel="End it"
        pendingLabel="Ending…"
        pending={false}
        tone="danger"
        onConfirm={() => undefined}
      >
        Her stay ends today.
      </ConfirmDialog>
    </>
  )
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)))

/** Opens the dialog from its button, as she does, and closes it by Escape. */
async function openThenEscape(): Promise<{ opener: HTMLElement; confirm: HTMLElement }> {
  await mount('en', <Page />)
  const opener = button('End the stay')!
  opener.focus()
  await act(async () => opener.click())
  const confirm = await until(() => dialog() && button('End it', dialog()!), 'the dialog')
  await until(() => dialog()!.contains(document.activeElement), 'the focus in the dialog')
  await act(async () => {
    document.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })
    )
  })
  return { opener, confirm }
}

describe('a confirmation dialog closed by Escape', () => {
  beforeAll(mantineInJsdom)
  afterEach(unmountAll)

  it('gives the focus back to its opener', async () => {
    const { opener } = await openThenEscape()
    await until(() => !dialog(), 'the dialog gone')
    expect(document.activeElement).toBe(opener)
  })

  it('gives it back even when the focus was moved into it as it closed', async () => {
    const { opener, confirm } = await openThenEscape()
    /* As Mantine's late check of a Tab did, before its own return (10 ms after the close). */
    confirm.focus()
    await wait(30)
    expect(document.activeElement, 'Mantine gave it up').toBe(confirm)
    await until(() => !dialog(), 'the dialog gone')
    expect(document.activeElement).toBe(opener)
  })

  it('leaves the focus where she put it meanwhile', async () => {
    await openThenEscape()
    await wait(30)
    const elsewhere = button('Elsewhere')!
    elsewhere.focus()
    await until(() => !dialog(), 'the dialog gone')
    await wait(30)
    expect(document.activeElement).toBe(elsewhere)
  })
})
