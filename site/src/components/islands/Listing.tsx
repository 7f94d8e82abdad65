/**
 * The listing page's island: the filter panel (with the phone's sheet) and the live results,
 * one React root over both columns, so they share the applied query without a second root:
 * `stores/listing.ts` holds it (the page's URL, back and forward) and both parts render from
 * it. Astro renders it on the server with the built query's rooms (components/Listing.astro);
 * it hydrates when the browser is idle.
 */
import type { Locale } from '@sakan/common'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import type { IslandMessages } from '../../i18n'
import { createTranslator } from '../../i18n/client'
import type { CardRoom } from '../../lib/card-room'
import { initPhotoFallback } from '../../scripts/photo-fallback'
import { $listingQuery, BUILT_QUERY } from '../../stores/listing'
import { FilterPanel } from '../listing/FilterPanel'
import { ListingResults } from '../listing/ListingResults'

interface ListingProps {
  lang: Locale
  /** The texts the island draws, in the page's language. */
  messages: IslandMessages
  /** The built query's first page and total. */
  rooms: CardRoom[]
  total: number
}

const listen = (onChange: () => void) => $listingQuery.listen(onChange)
const applied = () => $listingQuery.get()
/* While hydrating, the query the server rendered: the URL's is applied right after. */
const built = () => BUILT_QUERY

export default function Listing({ lang, messages, rooms, total }: ListingProps) {
  const t = useMemo(() => createTranslator(lang, messages), [lang, messages])
  const query = useSyncExternalStore(listen, applied, built)
  // The cards' photos that fail to load, the built ones and the live ones.
  useEffect(initPhotoFallback, [])

  return (
    <div className="container listings-layout split-lg" data-listing>
      <aside className="listings-sidebar split-sticky">
        <FilterPanel lang={lang} t={t} applied={query} />
      </aside>
      <div className="listings-main">
        <ListingResults lang={lang} t={t} applied={query} builtRooms={rooms} builtTotal={total} />
      </div>
    </div>
  )
}
