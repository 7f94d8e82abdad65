/** The shared shell's app links (`@sakan/common/ui/AppLink`) through the account app's router. */
import type { AppLinkProps } from '@sakan/common/ui/AppLink'
import { Link } from 'react-router'

export function RouterLink({ href, ...props }: AppLinkProps) {
  return <Link to={href} {...props} />
}
