/** A list that could not be loaded: what happened and a way to try again. */
import { Button } from '@mantine/core'
import { Icon, icons } from '@sakan/common/ui/Icon'

interface ListErrorProps {
  text: string
  retryLabel: string
  onRetry: () => void
}

export function ListError({ text, retryLabel, onRetry }: ListErrorProps) {
  return (
    <div className="list-error" role="alert">
      <Icon icon={icons.alert} />
      <span>{text}</span>
      <Button
        variant="default"
        size="sm"
        leftSection={<Icon icon={icons.refresh} />}
        onClick={onRetry}
      >
        {retryLabel}
      </Button>
    </div>
  )
}
