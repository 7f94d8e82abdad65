/**
 * A component loaded ahead (lib/preloadable.tsx): once its code is here it renders at once,
 * with no loading fallback first (each fallback shown holds the page's reveal back by up to
 * 300 ms); before that it is a lazy component like any other; its code loads once.
 */
import { createElement, Suspense, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { preloadable } from '../src/lib/preloadable'

const Greeting = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`)

/* The boundary's content, not its fallback (`<!--$-->` marks a boundary rendered in full). */
const SHOWN = '<!--$--><p>Hello Noura</p><!--/$-->'

const view = (Component: ComponentType<{ name: string }>) =>
  renderToString(
    createElement(
      Suspense,
      { fallback: createElement('i', null, 'loading') },
      createElement(Component, { name: 'Noura' })
    )
  )

describe('preloadable', () => {
  it('renders at once, with its props, once its code is here', async () => {
    const Page = preloadable(() => Promise.resolve({ default: Greeting }))
    await Page.preload()
    expect(view(Page)).toBe(SHOWN)
  })

  it('shows the loading fallback while its code is not here', () => {
    const Page = preloadable<{ name: string }>(() => new Promise(() => {}))
    const html = view(Page)
    expect(html).toContain('loading')
    expect(html).not.toContain('Hello')
  })

  it('loads its code once, however often it is asked for', async () => {
    let loads = 0
    const Page = preloadable(() => {
      loads += 1
      return Promise.resolve({ default: Greeting })
    })
    await Promise.all([Page.preload(), Page.preload()])
    await Page.preload()
    expect(loads).toBe(1)
  })

  it('tries a failed load again when asked again', async () => {
    let loads = 0
    const Page = preloadable<{ name: string }>(() => {
      loads += 1
      return loads === 1
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ default: Greeting })
    })
    await expect(Page.preload()).rejects.toThrow('offline')
    await Page.preload()
    expect(loads).toBe(2)
    expect(view(Page)).toBe(SHOWN)
  })
})
