/** The resident a record is about, as its page names her: her name, then her e-mail as a link. */
import type { ResidentRef } from '@sakan/common'

export function ResidentContact({ resident }: { resident: ResidentRef | null }) {
  return (
    <>
      <bdi>{resident?.fullName || '—'}</bdi>
      {resident?.email && (
        <>
          {' · '}
          <a href={`mailto:${resident.email}`} dir="ltr">
            {resident.email}
          </a>
        </>
      )}
    </>
  )
}
