/** The header: shadow after 50 px of scrolling, the mobile menu, and the language toggle. */
import { HEADER_SHADOW_SCROLL_PX, isLocale, rememberLocale } from '@sakan/common'

export function initHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]')
  if (!header) return

  const updateShadow = () =>
    header.toggleAttribute('data-scrolled', window.scrollY > HEADER_SHADOW_SCROLL_PX)
  updateShadow()
  window.addEventListener('scroll', updateShadow, { passive: true })

  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]')
  const nav = header.querySelector<HTMLElement>('[data-site-nav]')
  const label = header.querySelector<HTMLElement>('[data-menu-label]')
  const setOpen = (open: boolean, returnFocus = false) => {
    if (!toggle || !nav) return
    nav.toggleAttribute('data-open', open)
    toggle.setAttribute('aria-expanded', String(open))
    if (label)
      label.textContent = (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? ''
    if (!open && returnFocus) toggle.focus()
  }
  toggle?.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'))
  // The menu closes whenever the visitor navigates, including to an anchor on this page.
  nav?.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false)
  })
  window.addEventListener('hashchange', () => setOpen(false))
  window.addEventListener('pageshow', () => setOpen(false))
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle?.getAttribute('aria-expanded') === 'true')
      setOpen(false, true)
  })
  document.addEventListener('click', (event) => {
    if (toggle?.getAttribute('aria-expanded') === 'true' && !header.contains(event.target as Node))
      setOpen(false)
  })
  window.matchMedia('(min-width: 960px)').addEventListener('change', () => setOpen(false))

  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-lang-switch]')) {
    link.addEventListener('click', () => {
      const lang = link.dataset.langSwitch
      if (isLocale(lang)) rememberLocale(lang)
      // Keep the visitor's filters when switching the listings page.
      if (location.search && !link.href.includes('?')) link.href += location.search
    })
  }
}
