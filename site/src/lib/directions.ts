/**
 * Where the directions button goes: Apple Maps on iOS, the `geo:` scheme (the visitor's maps
 * app) on Android, a web map elsewhere.
 */
export type Platform = 'ios' | 'android' | 'web'

export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios'
  // iPadOS reports itself as a Mac with a touch screen.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios'
  if (/Android/i.test(userAgent)) return 'android'
  return 'web'
}

export function directionsUrl(
  platform: Platform,
  latitude: number,
  longitude: number,
  label: string
): string {
  const at = `${latitude},${longitude}`
  switch (platform) {
    case 'ios':
      return `https://maps.apple.com/?daddr=${at}&q=${encodeURIComponent(label)}`
    case 'android':
      return `geo:${at}?q=${at}(${encodeURIComponent(label)})`
    default:
      return `https://www.google.com/maps/dir/?api=1&destination=${at}`
  }
}
