/**
 * A button that opens the system's file picker (its input hidden) and hands over the files she
 * chose; the input is emptied once they are dealt with, so the same file can be chosen again.
 */
import { Button, type ButtonProps } from '@mantine/core'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { useRef, type ReactNode } from 'react'

interface UploadButtonProps extends Omit<ButtonProps, 'leftSection'> {
  accept: string
  multiple?: boolean
  onFiles: (files: File[]) => Promise<void>
  /** The file input's test id. */
  inputTestId: string
  children: ReactNode
}

export function UploadButton({
  accept,
  multiple,
  onFiles,
  inputTestId,
  children,
  ...button
}: UploadButtonProps) {
  const input = useRef<HTMLInputElement>(null)
  const pick = async (files: FileList | null) => {
    if (!files || files.length === 0) return
    await onFiles(Array.from(files))
    if (input.current) input.current.value = ''
  }
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        onChange={(event) => void pick(event.currentTarget.files)}
        data-testid={inputTestId}
      />
      <Button
        {...button}
        leftSection={<Icon icon={icons.upload} />}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  )
}
