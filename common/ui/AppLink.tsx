/**
 * A link to a page of the running app: a plain `<a>` on the site; the account app passes its
 * router's link so `/login` and `/dashboard` open without reloading the page.
 */
import type { AnchorHTMLAttributes, ComponentType } from 'react'

export type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }

export type AppLinkComponent = ComponentType<AppLinkProps>

export function PlainLink(props: AppLinkProps) {
  return <a {...props} />
}
