/**
 * The account app's routes and the modules each one starts from besides the entry: the page,
 * and for the pages that read data Refine's layout route and the guards. Used at build time
 * by vite.config.ts (the preload hints written into index.html) and by test/budget.test.ts
 * (what each route loads). Keep in step with the routes of src/App.tsx.
 */
import type { Rollup } from 'vite'

const DATA_AREA = ['src/RefineArea.tsx', 'src/components/auth/guards.tsx']

export interface RouteModules {
  /** The route as in App.tsx. */
  path: string
  /** Matches the route's URL paths (tested on `location.pathname` in the browser). */
  pattern: string
  modules: string[]
  /** Only the administrator reaches it. */
  admin?: boolean
}

export const ROUTES: RouteModules[] = [
  { path: '/login', pattern: '^/login/?$', modules: ['src/pages/login/index.tsx'] },
  { path: '/register', pattern: '^/register/?$', modules: ['src/pages/register/index.tsx'] },
  {
    path: '/dashboard',
    pattern: '^/dashboard/?$',
    modules: [...DATA_AREA, 'src/pages/dashboard/index.tsx'],
  },
  {
    path: '/application/:roomId',
    pattern: '^/application/[^/]+/?$',
    modules: [...DATA_AREA, 'src/pages/application/index.tsx'],
  },
  {
    path: '/payment',
    pattern: '^/payment/?$',
    modules: [...DATA_AREA, 'src/pages/payment/index.tsx'],
  },
  {
    path: '/payment/callback',
    pattern: '^/payment/callback/?$',
    modules: [...DATA_AREA, 'src/pages/payment/callback.tsx'],
  },
  {
    path: '/maintenance',
    pattern: '^/maintenance/?$',
    modules: [...DATA_AREA, 'src/pages/maintenance/index.tsx'],
  },
  {
    path: '/admin',
    pattern: '^/admin/?$',
    modules: [...DATA_AREA, 'src/pages/admin/index.tsx'],
    admin: true,
  },
  {
    path: '/admin/rooms/:id',
    pattern: '^/admin/rooms/[^/]+/?$',
    modules: [...DATA_AREA, 'src/pages/admin/room.tsx'],
    admin: true,
  },
]

/** The translation namespaces every page loads at start-up (src/providers/i18n.ts). */
export const START_NAMESPACES = ['common', 'account'] as const

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

/** The chunk of a language's translation namespace. */
export function translationChunk(chunks: Chunk[], lang: string, namespace: string): Chunk {
  const chunk = chunks.find((candidate) =>
    candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/locales/${lang}/${namespace}.json`)
  )
  if (!chunk) throw new Error(`No chunk for the ${lang} ${namespace} translations`)
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
