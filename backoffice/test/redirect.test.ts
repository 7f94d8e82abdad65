import { describe, expect, it } from 'vitest'
import {
  destinationAfterSignIn,
  isAppPath,
  loginPathFor,
  sanitizeRedirect,
} from '../src/lib/redirect'

describe('sanitizeRedirect', () => {
  it.each([
    '/dashboard',
    '/application/12',
    '/payment/callback?id=pay_1&status=paid',
    '/en/property/3#map',
  ])('keeps the same-origin relative path %s with its query and hash', (path) => {
    expect(sanitizeRedirect(path)).toBe(path)
  })

  it('refuses absolute, protocol-relative and scheme URLs', () => {
    for (const value of [
      'https://evil.example/',
      'http://127.0.0.1:3000/dashboard',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'dashboard',
      ' /dashboard',
    ]) {
      expect(sanitizeRedirect(value), value).toBeNull()
    }
  })

  it('refuses paths a browser would turn into another origin (tabs, newlines)', () => {
    expect(sanitizeRedirect('/\t/evil.example')).toBeNull()
    expect(sanitizeRedirect('/\n/evil.example')).toBeNull()
    expect(sanitizeRedirect('/%09/evil.example')).toBe('/%09/evil.example')
  })

  it('refuses empty values, non-strings and the sign-in pages themselves', () => {
    expect(sanitizeRedirect('')).toBeNull()
    expect(sanitizeRedirect(null)).toBeNull()
    expect(sanitizeRedirect(undefined)).toBeNull()
    expect(sanitizeRedirect(['/dashboard'])).toBeNull()
    expect(sanitizeRedirect('/login?redirect=/admin')).toBeNull()
    expect(sanitizeRedirect('/register')).toBeNull()
  })
})

describe('destinationAfterSignIn', () => {
  it.each<[redirect: string | null, admin: boolean, destination: string]>([
    // The dashboard by default.
    [null, false, '/dashboard'],
    ['https://evil.example', false, '/dashboard'],
    // The administrator to /admin when her destination is the default.
    [null, true, '/admin'],
    ['/dashboard', true, '/admin'],
    // An explicit safe redirect, for everyone.
    ['/application/7', false, '/application/7'],
    ['/payment', true, '/payment'],
  ])('sends %s (administrator: %s) to %s', (redirect, admin, destination) => {
    expect(destinationAfterSignIn(redirect, admin)).toBe(destination)
  })
})

describe('loginPathFor', () => {
  it('encodes the page and its query', () => {
    expect(loginPathFor('/application/7')).toBe('/login?redirect=%2Fapplication%2F7')
    expect(loginPathFor('/payment/callback?id=a&status=paid')).toBe(
      '/login?redirect=%2Fpayment%2Fcallback%3Fid%3Da%26status%3Dpaid'
    )
  })

  it('drops unsafe targets', () => {
    expect(loginPathFor('//evil.example')).toBe('/login')
  })
})

describe('isAppPath', () => {
  it('knows the pages of this app', () => {
    for (const path of [
      '/login',
      '/register',
      '/dashboard',
      '/payment',
      '/payment/callback?id=1',
      '/application/3',
      '/maintenance',
      '/receipts/12',
      '/admin',
      '/admin/rooms',
    ]) {
      expect(isAppPath(path), path).toBe(true)
    }
  })

  it('leaves the public site alone', () => {
    for (const path of [
      '/',
      '/en/',
      '/ar/listings',
      '/en/property/12',
      '/application',
      '/dashboards',
    ]) {
      expect(isAppPath(path), path).toBe(false)
    }
  })
})
