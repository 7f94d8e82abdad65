/** A list that could not be loaded: what happened and a way to try again (its query, read again). */
import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Icon, icons } from '@sakan/common/ui/Icon'

interface ListErrorProps {
  text: string
  query: { refetch: () => unknown }
}

export function ListError({ text, query }: ListErrorProps) {
  const { t } = useTranslation('account')
  return (
    <div className="list-error" role="alert">
      <Icon icon={icons.alert} />
      <span>{text}</span>
      <Button
        variant="default"
        size="sm"
        leftSection={<Icon icon={icons.refresh} />}
        onClick={() => void query.refetch()}
      >
        {t('buttons.retry')}
      </Button>
    </div>
  )
}
