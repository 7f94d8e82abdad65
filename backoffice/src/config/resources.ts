/**
 * What Refine knows about, declared once: the two areas (guarded through access control) and
 * the API resources the pages read and write, named after their `/api/<name>` paths.
 *
 * A back-office resource is one entry of OFFICE: the actions it has, and where the
 * administrator reads it when that is not its own path (`readPath`: archived records
 * included). Its routes are `/admin/<name>`, `/admin/<name>/create`, `/admin/<name>/:id` and
 * `/admin/<name>/:id/edit`, each the page `src/pages/<name>/<action>.tsx`, loaded on its
 * first visit: pages/office-routes.tsx routes them and route-chunks.ts preloads them from
 * OFFICE_PAGES. Refine's `useMenu` and `useBreadcrumb` build the navigation from them.
 */
import type { ResourceProps } from '@refinedev/core'

type Action = 'list' | 'create' | 'show' | 'edit'

interface OfficeResource {
  name: string
  actions: readonly Action[]
  readPath?: string
}

const OFFICE = [
  { name: 'applications', actions: ['list', 'show'] },
  { name: 'rooms', actions: ['list', 'create', 'show', 'edit'], readPath: 'admin/rooms' },
  { name: 'buildings', actions: ['list', 'create', 'edit'], readPath: 'admin/buildings' },
  { name: 'reviews', actions: ['list', 'create', 'edit'], readPath: 'admin/reviews' },
  { name: 'payments', actions: ['list', 'show'] },
  { name: 'maintenance-requests', actions: ['list', 'show'] },
  { name: 'tenancies', actions: ['list', 'show'] },
  // One month's figures for one building or all (issue 44): a page of its own, no records.
  { name: 'rent-roll', actions: ['list'], readPath: 'admin/rent-roll' },
  { name: 'audit-events', actions: ['list'], readPath: 'admin/audit-events' },
  { name: 'notifications', actions: ['list'], readPath: 'admin/notifications' },
] as const satisfies readonly OfficeResource[]

/** An action's path under `/admin` (fixed paths before `:id` ones: list, create, show, edit). */
const ACTION_PATHS: Record<Action, (name: string) => string> = {
  list: (name) => `/admin/${name}`,
  create: (name) => `/admin/${name}/create`,
  show: (name) => `/admin/${name}/:id`,
  edit: (name) => `/admin/${name}/:id/edit`,
}
const ACTIONS = Object.keys(ACTION_PATHS) as Action[]

export const resources: ResourceProps[] = [
  { name: 'dashboard', list: '/dashboard' },
  { name: 'admin', list: '/admin' },
  ...OFFICE.map(({ name, actions }: OfficeResource) => ({
    name,
    ...Object.fromEntries(actions.map((action) => [action, ACTION_PATHS[action](name)])),
    meta: { office: true },
  })),
]

/** The back office's pages: each route and its module under `src/pages/`. */
export const OFFICE_PAGES: { path: string; module: string }[] = OFFICE.flatMap(
  ({ name, actions }: OfficeResource) =>
    ACTIONS.filter((action) => actions.includes(action)).map((action) => ({
      path: ACTION_PATHS[action](name),
      module: `${name}/${action}.tsx`,
    }))
)

type WithReadPath = Extract<(typeof OFFICE)[number], { readPath: string }>

/** Where the back office reads each resource (archived records included). */
export const READ_PATHS = Object.fromEntries(
  OFFICE.flatMap((resource: OfficeResource) =>
    resource.readPath ? [[resource.name, resource.readPath]] : []
  )
) as { [R in WithReadPath as R['name']]: R['readPath'] }
