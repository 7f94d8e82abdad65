import { afterAll, describe, expect, it, vi } from 'vitest'
import {
  changeLanguage,
  currentLanguage,
  i18n,
  initI18n,
  loadDataTexts,
} from '../src/providers/i18n'
import { getLanguage } from '../src/providers/i18n-state'
import { roomNumberOf } from '../src/lib/applications'

describe('the account app speaks the visitor language (spec §1, DESIGN.md §8)', () => {
  const documentElement = { lang: '', dir: '' }
  const storage = new Map([['sakan.language', 'ar']])
  vi.stubGlobal('document', { documentElement, cookie: '' })
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  })
  afterAll(() => vi.unstubAllGlobals())

  it('starts in the stored choice, right to left, with identifiers in Arabic-Indic digits', async () => {
    expect(await initI18n()).toBe('ar')
    expect(currentLanguage()).toBe('ar')
    expect(getLanguage()).toBe('ar')
    expect(documentElement).toEqual({ lang: 'ar', dir: 'rtl' })
    // The sign-in pages' texts at start-up; the data pages' ones once such a page opens.
    expect(i18n.t('login.heading')).not.toBe('login.heading')
    expect(i18n.exists('dashboard.applications.roomNumber')).toBe(false)
    await loadDataTexts()
    expect(i18n.t('dashboard.applications.roomNumber', { number: '305' })).toBe('غرفة ٣٠٥')
    expect(i18n.t('notifications.error', { statusCode: 404 })).toBe('حدث خطأ (رمز الحالة: ٤٠٤)')
    expect(i18n.t('dashboard.applications.roomNumber', { number: 'B-305' })).toBe('غرفة B-305')
    // A room number reaches the texts as printed and is written in Arabic-Indic digits once.
    const number = roomNumberOf({ roomNumber: '101' }, { roomNumber: 'N/A', buildingName: '' })
    expect(i18n.t('dashboard.applications.roomNumber', { number })).toBe('غرفة ١٠١')
  })

  it('switches language for both apps and writes Latin digits in English', async () => {
    await changeLanguage('en')
    expect(storage.get('sakan.language')).toBe('en')
    expect(document.cookie).toMatch(/^sakan\.language=en; Path=\//)
    expect(documentElement).toEqual({ lang: 'en', dir: 'ltr' })
    expect(i18n.t('dashboard.applications.roomNumber', { number: '305' })).toBe('Room 305')
    expect(i18n.t('notifications.error', { statusCode: 404 })).toBe('Error (status code: 404)')
  })
})
