/**
 * The account app's routes and the modules each one starts from besides the entry: the page,
 * and for the pages that read data Refine's layout route and the guards. Used at build time
 * by vite.config.ts (the preload hints written into index.html, the two parts of the
 * `account` texts) and by test/budget.test.ts (what each route loads). Keep in step with the
 * routes of src/App.tsx; the back office's come from src/config/resources.ts.
 */
import type { Rollup } from 'vite'
import { OFFICE_PAGES } from './src/config/resources'

/*
 * The pages that read data load Refine's layout route, the guards and the REST client (its
 * first call is the page's first data call: loading it then would add a round trip and a
 * render before any data is asked for).
 */
const DATA_AREA = [
  'src/RefineArea.tsx',
  'src/components/auth/guards.tsx',
  'src/providers/data-provider.ts',
]

/**
 * The sections of the `account` texts (common/locales/<lang>/account.json) that only the
 * pages reading data use. The file stays one file; the build serves it in two parts:
 * `account.json?part=start` (every other section: the shell, the sign-in pages, the
 * notices and toasts every page may show), loaded at start-up with `common`, and
 * `account.json?part=data` (these sections), loaded with Refine's layout route
 * (src/providers/i18n.ts, `loadDataTexts`). A section missing here is simply loaded at
 * start-up.
 */
export const ACCOUNT_DATA_SECTIONS = [
  'dashboard',
  'application',
  'payment',
  'paymentCallback',
  'receipt',
  'maintenance',
  'myData',
  'privacyNotice',
  'notifications',
  'status',
  'priority',
  'category',
  'pagination',
  'calendar',
] as const

/** The translation files every page loads at start-up (src/providers/i18n.ts). */
export const START_TEXTS = ['common.json', 'account.json?part=start'] as const
/**
 * …and those the pages that read data load besides, all at once before the page renders
 * (src/providers/i18n.ts, `loadDataTexts`): the data sections of `account`, the bell's
 * (`notifications`: every signed-in page has the bell) and the lists' and office's (`admin`).
 */
const DATA_TEXTS = ['account.json?part=data', 'notifications.json', 'admin.json']

export interface RouteModules {
  /** The route as in App.tsx. */
  path: string
  /** Matches the route's URL paths (tested on `location.pathname` in the browser). */
  pattern: string
  modules: string[]
  /** Translation files the route loads besides START_TEXTS (as in `translationChunk`). */
  texts: string[]
  /** Only the administrator reaches it. */
  admin?: boolean
}

/** A route whose page loads on its own (the sign-in pages). */
function page(path: string, module: string): RouteModules {
  return { path, pattern: `^${path.replace(/:[^/]+/g, '[^/]+')}/?$`, modules: [module], texts: [] }
}

/** A route under Refine's layout route and its guards, with the data pages' texts. */
function dataPage(path: string, module: string, admin?: true): RouteModules {
  const route = page(path, module)
  return { ...route, modules: [...DATA_AREA, ...route.modules], texts: DATA_TEXTS, admin }
}

/** The module that routes the back office's pages (each loaded by it on first visit). */
const OFFICE_ROUTES = 'src/pages/office-routes.tsx'

export const ROUTES: RouteModules[] = [
  page('/login', 'src/pages/login/index.tsx'),
  page('/register', 'src/pages/register/index.tsx'),
  dataPage('/dashboard', 'src/pages/dashboard/index.tsx'),
  dataPage('/application/:roomId', 'src/pages/application/index.tsx'),
  dataPage('/payment', 'src/pages/payment/index.tsx'),
  dataPage('/payment/callback', 'src/pages/payment/callback.tsx'),
  dataPage('/maintenance', 'src/pages/maintenance/index.tsx'),
  dataPage('/my-data', 'src/pages/my-data/index.tsx'),
  dataPage('/receipts/:paymentId', 'src/pages/receipt/index.tsx'),
  dataPage('/admin', 'src/pages/admin/index.tsx', true),
  ...OFFICE_PAGES.map(({ path, module }) => {
    const route = dataPage(path, `src/pages/${module}`, true)
    const page = route.modules.at(-1)!
    return { ...route, modules: [...route.modules.slice(0, -1), OFFICE_ROUTES, page] }
  }),
]

export const LANGUAGES = ['en', 'ar'] as const

type Chunk = Rollup.OutputChunk

export function chunksOf(bundle: Rollup.OutputBundle): Chunk[] {
  return Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk')
}

export function entryChunk(chunks: Chunk[]): Chunk {
  const found = chunks.find((chunk) => chunk.isEntry)
  if (!found) throw new Error('The build has no entry chunk')
  return found
}

/** The chunk a module starts (`root`: the app's directory, with a trailing slash). */
export function chunkOf(chunks: Chunk[], root: string, module: string): Chunk {
  const id = `${root}${module}`
  const chunk = chunks.find((candidate) => candidate.facadeModuleId === id)
  if (!chunk) throw new Error(`No chunk starts at ${module}: is it still loaded with import()?`)
  return chunk
}

/** The chunk of a language's translation file (`common.json`, `account.json?part=start`…). */
export function translationChunk(chunks: Chunk[], lang: string, file: string): Chunk {
  const chunk = chunks.find((candidate) =>
    candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/locales/${lang}/${file}`)
  )
  if (!chunk) throw new Error(`No chunk for the ${lang} ${file} translations`)
  return chunk
}

/**
 * The chunks and every chunk they import statically; with `dynamic`, through `import()` too,
 * except the entry's (which reach every route, the admin's among them).
 */
export function closure(chunks: Chunk[], start: Chunk[], dynamic = false): Chunk[] {
  const files = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const seen = new Map<string, Chunk>()
  const queue = [...start]
  while (queue.length > 0) {
    const chunk = queue.shift()!
    if (seen.has(chunk.fileName)) continue
    seen.set(chunk.fileName, chunk)
    const next =
      dynamic && !chunk.isEntry ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports
    for (const file of next) {
      const imported = files.get(file)
      if (imported) queue.push(imported)
    }
  }
  return [...seen.values()]
}

/** The stylesheets the chunks import. */
export function stylesOf(chunks: Chunk[]): string[] {
  return [...new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))]
}

/**
 * What opening `route` loads up front in `lang`: the entry with its static imports, the
 * route's own chunks with theirs, and its translations; the styles those chunks import.
 */
export function routeLoad(chunks: Chunk[], root: string, route: RouteModules, lang: string) {
  const own = route.modules.map((module) => chunkOf(chunks, root, module))
  const loaded = closure(chunks, [entryChunk(chunks), ...own])
  const texts = [...START_TEXTS, ...route.texts].map((file) => translationChunk(chunks, lang, file))
  return { loaded, texts, styles: stylesOf(loaded) }
}
