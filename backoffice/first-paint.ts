/**
 * The sign-in pages' first paint, before any JavaScript has run: index.html carries, for
 * `/login` and `/register` in each language, the page's frame as `AuthLayout` draws it (the
 * header's box, the brand panel, the heading and the lead text) in a `<template>`, and a
 * small inline script copies the one for the current path and language into `#root`. The
 * texts are read from common/locales at build time (no copy of them here). React then
 * replaces it with the same boxes in the same places (src/App.tsx renders the page itself
 * first, not a loading skeleton): the form appears below the lead text, nothing moves.
 *
 * The boxes the app fills later are drawn empty at their final size: the header (its height
 * is fixed by `--header-height`), the logo and the points' icons.
 */
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
import { LANGUAGES, ROUTES } from './route-chunks'

/** The sign-in pages and the `account` section holding each one's heading and lead text. */
const PAGES = [
  { path: '/login', section: 'login' },
  { path: '/register', section: 'register' },
] as const

type Texts = Record<string, Record<string, unknown>>

const escape = (text: unknown) =>
  String(text).replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!
  )

function frame(texts: Texts, section: string): string {
  const { panel, [section]: page } = texts
  const points = Object.values(panel!.points as Record<string, string>)
    .map((point) => `<li><span class="auth-point-icon"></span>${escape(point)}</li>`)
    .join('')
  return (
    '<header class="site-header"><div class="container header-inner"></div></header>' +
    '<main id="main" tabindex="-1"><div class="auth-page"><div class="container">' +
    '<div class="auth-card card">' +
    '<aside class="auth-panel" aria-hidden="true">' +
    '<span class="first-paint-logo"></span>' +
    `<p class="auth-panel-title">${escape(panel!.title)}</p>` +
    `<p class="auth-panel-text">${escape(panel!.text)}</p>` +
    `<ul class="auth-points" role="list">${points}</ul></aside>` +
    // Rows at the top, as when the form below them makes this column the taller one.
    '<section class="auth-main first-paint-main">' +
    `<h1 class="auth-heading">${escape(page!.heading)}</h1>` +
    `<p class="auth-subheading">${escape(page!.subheading)}</p>` +
    '</section></div></div></div></main>'
  )
}

const SCRIPT =
  "(function(){var d=document,l=d.documentElement.lang,p=location.pathname,t=d.querySelectorAll('template[data-first-paint]'),r=d.getElementById('root');" +
  "for(var i=0;i<t.length;i++)if(t[i].getAttribute('data-lang')===l&&new RegExp(t[i].getAttribute('data-first-paint')).test(p)){r.appendChild(t[i].content.cloneNode(true));break}})()"

/** `localesDir`: common/locales, with a trailing slash. */
export function signInFirstPaint(localesDir: string): Plugin {
  return {
    name: 'sakan-sign-in-first-paint',
    transformIndexHtml(html) {
      const templates = LANGUAGES.flatMap((lang) => {
        const texts = JSON.parse(readFileSync(`${localesDir}${lang}/account.json`, 'utf8')) as Texts
        return PAGES.map(({ path, section }) => {
          const pattern = ROUTES.find((route) => route.path === path)!.pattern
          return `<template data-first-paint="${escape(pattern)}" data-lang="${lang}">${frame(texts, section)}</template>`
        })
      })
      const root = '<div id="root"></div>'
      if (!html.includes(root)) throw new Error(`index.html has no ${root}`)
      return html.replace(root, `${root}\n${templates.join('\n')}\n<script>${SCRIPT}</script>`)
    },
  }
}
