/**
 * Start-up: the splash (index.html) shows for 800 ms while the language, the translations
 * and the session load; then the app takes over.
 */
import './styles/mantine.css'
// Arabic and Latin subsets only, `font-display: optional`: text never moves when they arrive.
import '@sakan/styles/fonts.css'
import '@sakan/styles/tokens.css'
import '@sakan/styles/base.css'
import './styles/app.css'

import { SPLASH_MS } from '@sakan/common'
import { StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { App, preloadPage } from './App'
import { showPendingToast } from './lib/toasts'
import { loadRuntimeConfig } from './config/runtime'
import { currentUser } from './providers/auth-client'
import { initI18n } from './providers/i18n'

function hideSplash(): void {
  const splash = document.getElementById('splash')
  if (!splash) return
  // The splash stays 800 ms from the start of the page load.
  window.setTimeout(
    () => {
      splash.setAttribute('data-done', '')
      window.setTimeout(() => splash.remove(), 300)
    },
    Math.max(0, SPLASH_MS - performance.now())
  )
}

async function start(): Promise<void> {
  loadRuntimeConfig().catch((error: unknown) =>
    console.error('[config] could not load /api/config', error)
  )
  // Asks the server who is signed in while the translations load.
  void currentUser()
  // The route's code loads beside the texts (index.html preloads both), so that the first
  // render is the page itself: a sign-in page in place of index.html's first paint of it, a
  // data page with no loading step before it asks for its data (App.tsx, PRELOADS).
  await Promise.all([
    initI18n(),
    // A failed load is tried again, with its error handling, when the page renders.
    preloadPage(location.pathname).catch(() => undefined),
  ])
  const root = document.getElementById('root')
  if (!root) throw new Error('#root is missing from index.html')
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <App />
      </Suspense>
    </StrictMode>
  )
  hideSplash()
  showPendingToast()
}

void start()
