/**
 * The way to the public listings, offered where she has nothing to show yet (no application,
 * no room to pay for or to report about, a room no longer free).
 */
import { Button } from '@mantine/core'
import { localePath } from '@sakan/common'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { useTexts } from '../../providers/use-language'

export function BrowseRoomsButton({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t, lang } = useTexts('account')
  return (
    <Button
      component="a"
      size={size}
      leftSection={<Icon icon={icons.search} />}
      href={localePath(lang, '/listings')}
    >
      {t('buttons.browse')}
    </Button>
  )
}
