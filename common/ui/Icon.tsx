/**
 * The icon component for the site and the account app: one of the shared drawings
 * (`./icons/`, one module per icon) in a 24×24 outline SVG, rendered by Astro to static HTML
 * or live by React. Pass the drawing, not a name: `<Icon icon={icons.home} />`.
 */
import * as icons from './icons/index.js'

/** The drawings, for `import { Icon, icons } from '@sakan/common/ui/Icon'`. */
export { icons }

/** One of the shared drawings. */
export type IconDrawing = (typeof icons)[keyof typeof icons]

interface IconProps {
  icon: IconDrawing
  className?: string
  /** Announced text; without it the icon is decorative. */
  label?: string
  size?: number | string
  /** Arrows and chevrons that point the way the text reads (mirrored right-to-left). */
  directional?: boolean
}

export function Icon({ icon, className = 'icon', label, size, directional }: IconProps) {
  return (
    <svg
      className={directional ? `${className} icon-directional` : className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      width={size}
      height={size}
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      aria-label={label}
      focusable="false"
      dangerouslySetInnerHTML={{ __html: icon }}
    />
  )
}
