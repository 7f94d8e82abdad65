import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RoomCard } from '../src/components/RoomCard'
import { cardKey, toCardRoom } from '../src/lib/card-room'
import { directionsUrl, detectPlatform } from '../src/lib/directions'
import { smallestSource } from '../src/lib/images'
import { useText } from '../src/i18n'
import {
  availabilityText,
  cardAmenities,
  isFeatured,
  localizeRoom,
  roomImages,
  roomRemaining,
  takesApplications,
} from '../src/lib/room'
import { alternates, jsonLd } from '../src/lib/seo'
import type { ImageSource, Room } from '@sakan/common'
import { applyHref } from '../src/scripts/apply'
import { tileUrlFor } from '../src/scripts/map'

const room: Room = {
  id: 12,
  roomNumber: '101',
  price: 1850,
  currency: 'SAR',
  createdAt: '2026-10-01T08:00:00.000Z',
  photos: ['/media/rooms/room-03-1280.jpg'],
  images: [
    {
      src: '/media/rooms/room-03-1280.jpg',
      srcset: '/media/rooms/room-03-640.jpg 640w, /media/rooms/room-03-1280.jpg 1280w',
      width: 1280,
      height: 853,
      sources: [
        {
          type: 'image/avif',
          srcset: '/media/rooms/room-03-640.avif 640w, /media/rooms/room-03-1280.avif 1280w',
        },
        {
          type: 'image/webp',
          srcset: '/media/rooms/room-03-640.webp 640w, /media/rooms/room-03-1280.webp 1280w',
        },
      ],
    },
  ],
  description: 'English text',
  description_en: 'English text',
  description_ar: 'نص عربي',
  features: ['singleBed', 'desk', 'wifi'],
  size: 14,
  type: 'Deluxe Room',
  type_en: 'Deluxe Room',
  type_ar: 'غرفة فاخرة',
  availability: true,
  availableFrom: null,
  occupancyRate: 82,
  buildingId: 3,
  building: {
    id: 3,
    name: 'Al Yasmin Residence',
    name_en: 'Al Yasmin Residence',
    name_ar: 'سكن الياسمين',
    address: 'Anas Ibn Malik Rd',
    address_en: 'Anas Ibn Malik Rd',
    address_ar: 'طريق أنس بن مالك',
    zone: 'north',
    amenities: ['wifi', 'security', 'femaleOnly', 'laundry'],
    latitude: 24.82,
    longitude: 46.64,
    isFullyManaged: true,
  },
}

describe('localizeRoom', () => {
  it('picks the texts of the page language', () => {
    expect(localizeRoom(room, 'ar')).toEqual({
      buildingName: 'سكن الياسمين',
      address: 'طريق أنس بن مالك',
      description: 'نص عربي',
      type: 'غرفة فاخرة',
    })
    expect(localizeRoom(room, 'en').buildingName).toBe('Al Yasmin Residence')
  })

  it('falls back to the plain field, and to null (Standard Room) without a type', () => {
    const bare = { ...room, description_ar: '', type: null, type_en: null, type_ar: null }
    expect(localizeRoom(bare, 'ar').description).toBe('English text')
    expect(localizeRoom(bare, 'ar').type).toBeNull()
  })
})

describe('cards', () => {
  it('shows the remaining badge above 70 % occupancy only', () => {
    expect(roomRemaining(room)).toBe(1)
    expect(roomRemaining({ ...room, occupancyRate: 70 })).toBeNull()
    expect(roomRemaining({ ...room, occupancyRate: null })).toBeNull()
  })

  it('shows up to three amenity chips and counts the rest', () => {
    expect(cardAmenities(room)).toEqual({ shown: ['wifi', 'security', 'femaleOnly'], more: 1 })
  })

  it('features rooms of fully managed buildings', () => {
    expect(isFeatured(room)).toBe(true)
    expect(isFeatured({ ...room, building: { ...room.building, isFullyManaged: false } })).toBe(
      false
    )
  })

  it('takes images, or plain photo URLs', () => {
    expect(roomImages(room)[0]?.srcset).toContain('640w')
    expect(roomImages({ ...room, images: undefined })).toEqual([
      { src: '/media/rooms/room-03-1280.jpg' },
    ])
    expect(roomImages({ ...room, images: [], photos: [] })).toEqual([])
  })

  it('hands a card only what it needs', () => {
    const card = toCardRoom(room)
    expect(card.description).toBe('')
    expect(card.building.address).toBe('')
    expect(card.price).toBe(1850)
  })

  it('fingerprints what a card shows: the same for a room and its card, another when it changes', () => {
    expect(cardKey(toCardRoom(room))).toBe(cardKey(room))
    expect(cardKey({ ...room, description: 'Another text' })).toBe(cardKey(room))
    expect(cardKey({ ...room, price: room.price + 100 })).not.toBe(cardKey(room))
    expect(cardKey({ ...room, availability: !room.availability })).not.toBe(cardKey(room))
    const taken = { ...room, availability: false }
    expect(cardKey({ ...taken, availableFrom: '2027-01-01' })).not.toBe(cardKey(taken))
  })

  it("says when a taken room is free again, its date in the language's way", () => {
    const taken = { ...room, availability: false, availableFrom: '2027-01-01' }
    expect(availabilityText(taken, 'en', useText('en'))).toBe('Available from 1 January 2027')
    expect(availabilityText(taken, 'ar', useText('ar'))).toBe('متاحة من ١ يناير ٢٠٢٧')
    expect(availabilityText({ ...taken, availableFrom: null }, 'en', useText('en'))).toBe(
      'Occupied'
    )
    expect(availabilityText(room, 'ar', useText('ar'))).toBe('متاحة')
  })

  it('takes applications while free, or taken until a known day', () => {
    expect(takesApplications(room)).toBe(true)
    expect(takesApplications({ availability: false, availableFrom: '2027-01-01' })).toBe(true)
    expect(takesApplications({ availability: false, availableFrom: null })).toBe(false)
  })
})

describe('images', () => {
  it('uses the smallest srcset candidate for thumbnails', () => {
    expect(smallestSource(room.images![0]!)).toBe('/media/rooms/room-03-640.jpg')
    expect(smallestSource({ src: '/a.jpg' })).toBe('/a.jpg')
  })
})

describe('apply button', () => {
  it('goes to the application when signed in, else to login with a redirect', () => {
    expect(applyHref('/application/12', true)).toBe('/application/12')
    expect(applyHref('/application/12', false)).toBe('/login?redirect=/application/12')
  })
})

describe('directions', () => {
  it('detects the platform', () => {
    expect(detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe('ios')
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios')
    expect(detectPlatform('Mozilla/5.0 (Linux; Android 15; Pixel 9)')).toBe('android')
    expect(detectPlatform('Mozilla/5.0 (X11; Linux x86_64)')).toBe('web')
  })

  it('opens Apple Maps on iOS, geo: on Android, a web map elsewhere', () => {
    expect(directionsUrl('ios', 24.82, 46.64, 'Al Yasmin')).toBe(
      'https://maps.apple.com/?daddr=24.82,46.64&q=Al%20Yasmin'
    )
    expect(directionsUrl('android', 24.82, 46.64, 'Al Yasmin')).toBe(
      'geo:24.82,46.64?q=24.82,46.64(Al%20Yasmin)'
    )
    expect(directionsUrl('web', 24.82, 46.64, 'x')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=24.82,46.64'
    )
  })
})

describe('map tiles', () => {
  it('computes the tile under a point', () => {
    expect(tileUrlFor('https://{s}.tile.example/{z}/{x}/{y}.png', 24.7634, 46.5999, 15)).toBe(
      'https://a.tile.example/15/20625/14056.png'
    )
  })
})

describe('seo', () => {
  it('gives canonical, hreflang pair and x-default', () => {
    const links = alternates(new URL('https://sakan.sa'), '/property/12', 'ar')
    expect(links.canonical).toBe('https://sakan.sa/ar/property/12')
    expect(links.languages).toEqual([
      { hreflang: 'en', href: 'https://sakan.sa/en/property/12' },
      { hreflang: 'ar', href: 'https://sakan.sa/ar/property/12' },
    ])
    expect(links.xDefault).toBe('https://sakan.sa/property/12')
  })

  it('inlines JSON-LD safely', () => {
    expect(jsonLd({ name: '</script><b>' })).toBe('{"name":"\\u003c/script\\u003e\\u003cb\\u003e"}')
  })
})

describe('the room card', () => {
  const html = (card: Room, options: { eager?: boolean; priority?: boolean } = {}) =>
    renderToStaticMarkup(
      createElement(RoomCard, { room: card, lang: 'en', t: useText('en'), ...options })
    )
  const jpegOnly = { ...room, images: [{ ...room.images[0]!, sources: [] }] }

  it('shows the photo as an <img> when the API names no other encoding', () => {
    const card = html(jpegOnly)
    expect(card).not.toContain('<picture')
    expect(card).toContain(
      '<img src="/media/rooms/room-03-1280.jpg" srcSet="/media/rooms/room-03-640.jpg 640w, /media/rooms/room-03-1280.jpg 1280w"'
    )
    expect(card).toContain('href="/en/property/12"')
  })

  it('puts a <source> per smaller encoding before the <img>, in a <picture>', () => {
    const sources: ImageSource[] = [
      { type: 'image/avif', srcset: '/media/rooms/room-03-640.avif 640w' },
      { type: 'image/webp', srcset: '/media/rooms/room-03-640.webp 640w' },
    ]
    const card = html({ ...room, images: [{ ...room.images[0]!, sources }] })
    const picture = /<picture>(.*?)<\/picture>/.exec(card)?.[1] ?? ''
    expect(picture).toMatch(
      /^<source type="image\/avif" srcSet="[^"]+\.avif 640w" sizes="[^"]+"\/><source type="image\/webp" srcSet="[^"]+\.webp 640w" sizes="[^"]+"\/><img src="\/media\/rooms\/room-03-1280\.jpg"/
    )
  })

  it('fetches the first card’s photo first and at once, the others lazily (AVIF and WebP as the API names them)', () => {
    const first = html(room, { eager: true, priority: true })
    expect(first).toMatch(
      /<picture><source type="image\/avif" srcSet="\/media\/rooms\/room-03-640\.avif 640w, \/media\/rooms\/room-03-1280\.avif 1280w"/
    )
    expect(first).toContain(
      '<source type="image/webp" srcSet="/media/rooms/room-03-640.webp 640w, /media/rooms/room-03-1280.webp 1280w"'
    )
    expect(first).toContain('loading="eager"')
    expect(first).toContain('fetchPriority="high"')
    const later = html(room)
    expect(later).toContain('loading="lazy"')
    expect(later).not.toMatch(/fetchPriority/i)
  })
})
