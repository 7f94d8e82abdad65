/**
 * A room photo for the site and the account app: the `<img>` with its widths, inside a
 * `<picture>` with a `<source>` per smaller encoding (AVIF, WebP) when the API names some, so
 * a browser takes the first it decodes and the JPEG stays the fallback. Every other prop
 * (`alt`, `width`, `loading`, `data-*`…) goes to the `<img>`.
 */
import type { ImgHTMLAttributes } from 'react'
import type { RoomImage } from '@sakan/common'

type RoomPhotoProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  image: Pick<RoomImage, 'src'> & Partial<Pick<RoomImage, 'srcset' | 'sources'>>
}

export function RoomPhoto({ image, sizes, ...img }: RoomPhotoProps) {
  const photo = <img src={image.src} srcSet={image.srcset} sizes={sizes} {...img} />
  if (!image.sources?.length) return photo
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {photo}
    </picture>
  )
}
