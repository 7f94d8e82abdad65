/**
 * A link drawn as a button that opens its page in a new tab, saying so to screen readers
 * (the back office's "Open document", "Open in new tab", a room's public page).
 */
import { Button } from '@mantine/core'
import { Icon, icons } from '@sakan/common/ui/Icon'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface NewTabButtonProps {
  href: string
  children: ReactNode
  'data-testid'?: string
}

export function NewTabButton({ href, children, ...props }: NewTabButtonProps) {
  const { t } = useTranslation('admin')
  return (
    <Button
      component="a"
      variant="default"
      size="sm"
      rightSection={<Icon icon={icons.external} directional />}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      {...props}
    >
      {children}
      <span className="visually-hidden"> {t('applications.document.newTab')}</span>
    </Button>
  )
}
