/** The back office's pure pieces: what the administrator may do, the filters as a query. */
import { describe, expect, it } from 'vitest'
import { filterQuery } from '../src/components/office/filter-query'
import { can } from '../src/lib/permissions'
import { READ_PATHS, resources } from '../src/config/resources'
import { NOTIFICATION_TONES, canResend } from '../src/lib/outbox'
import { NOTIFICATION_STATES } from '@sakan/common'

describe('back-office permissions', () => {
  it('lets the administrator manage the catalogue and read the ledgers, and no one else', () => {
    for (const resource of ['buildings', 'rooms', 'reviews']) {
      for (const action of ['list', 'create', 'edit', 'delete']) {
        expect(can('admin', resource, action), `${resource} ${action}`).toBe(true)
        expect(can('tenant', resource, action === 'list' ? 'create' : action)).toBe(false)
      }
    }
    expect(can('admin', 'payments', 'show')).toBe(true)
    expect(can('admin', 'audit-events', 'list')).toBe(true)
    expect(can('admin', 'audit-events', 'delete')).toBe(false)
    expect(can('tenant', 'audit-events', 'list')).toBe(false)
    expect(can('admin', 'notifications', 'list')).toBe(true)
    expect(can('tenant', 'notifications', 'list')).toBe(false)
    expect(can('admin', 'tenancies', 'edit')).toBe(true)
    expect(can('tenant', 'tenancies', 'edit')).toBe(false)
    expect(can('admin', 'rent-roll', 'list')).toBe(true)
    expect(can('tenant', 'rent-roll', 'list')).toBe(false)
    expect(can(null, 'buildings', 'list')).toBe(false)
  })

  it('routes every office resource under /admin and reads the catalogue where archived rows show', () => {
    const office = resources.filter((resource) => resource.meta?.office)
    expect(office.map((resource) => resource.name).sort()).toEqual([
      'applications',
      'audit-events',
      'buildings',
      'maintenance-requests',
      'notifications',
      'payments',
      'rent-roll',
      'reviews',
      'rooms',
      'tenancies',
    ])
    for (const resource of office) expect(String(resource.list)).toBe(`/admin/${resource.name}`)
    expect(READ_PATHS.rooms).toBe('admin/rooms')
    expect(READ_PATHS.notifications).toBe('admin/notifications')
    expect(READ_PATHS['rent-roll']).toBe('admin/rent-roll')
  })
})

describe('filterQuery', () => {
  it('writes equality filters and the search, skipping empty ones', () => {
    const query = filterQuery([
      { field: 'monthCovered', operator: 'eq', value: '2026-11' },
      { field: 'q', operator: 'eq', value: 'sara@example.com' },
      { field: 'buildingId', operator: 'eq', value: undefined },
      { field: 'paymentStatus', operator: 'eq', value: '' },
    ])
    expect(query.toString()).toBe('monthCovered=2026-11&q=sara%40example.com')
  })
})

describe('the outbox', () => {
  it('gives every delivery state a tone and resends only what is not on its way', () => {
    for (const state of NOTIFICATION_STATES) expect(NOTIFICATION_TONES[state]).toBeTruthy()
    expect(NOTIFICATION_STATES.filter(canResend)).toEqual(['sent', 'failed'])
  })
})
