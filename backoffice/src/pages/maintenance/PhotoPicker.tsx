/**
 * Up to three optional photos of what is broken, each shown as a preview she can remove.
 * The native file input is the keyboard and screen-reader control; the previews carry the
 * file names as their alternative text.
 */
import { ActionIcon, Button } from '@mantine/core'
import { MAINTENANCE_MAX_PHOTOS } from '@sakan/common'
import { useEffect, useId, useMemo, useRef } from 'react'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { FileField } from '../../components/forms/FileField'
import { formatFileSize } from '../../lib/format'
import { MAINTENANCE_PHOTO_ACCEPT } from '../../lib/maintenance'
import { useTexts } from '../../providers/use-language'

interface PhotoPickerProps {
  value: File[]
  onChange: (files: File[]) => void
  error?: string | null
  disabled?: boolean
}

/** One object URL per file, revoked when the files change or the picker goes away. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files])
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls])
  return urls
}

export function PhotoPicker({ value, onChange, error, disabled }: PhotoPickerProps) {
  const { t, lang } = useTexts('account')
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const previews = usePreviews(value)
  const full = value.length >= MAINTENANCE_MAX_PHOTOS

  const add = (files: FileList | null) => {
    // Keep the ones already chosen; the validator names a fourth one.
    if (files?.length) onChange([...value, ...Array.from(files)])
    if (input.current) input.current.value = ''
  }

  const remove = (index: number) => {
    onChange(value.filter((_, at) => at !== index))
    input.current?.focus()
  }

  return (
    <FileField
      id={id}
      className="photo-picker"
      label={t('maintenance.form.photos')}
      description={t('maintenance.form.photosDescription', { max: MAINTENANCE_MAX_PHOTOS })}
      error={error}
      input={{
        ref: input,
        multiple: true,
        accept: MAINTENANCE_PHOTO_ACCEPT,
        disabled: disabled || full,
        'data-testid': 'maintenance-photos-input',
        onChange: (event) => add(event.currentTarget.files),
      }}
    >
      {/* The pointer's way in: the file input before it is the keyboard's (its focus is drawn here). */}
      <Button
        variant="default"
        size="sm"
        leftSection={<Icon icon={icons.upload} />}
        className="photo-picker-add"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled || full}
        onClick={() => input.current?.click()}
      >
        {t('maintenance.form.addPhotos')}
      </Button>
      {value.length > 0 && (
        <ul className="photo-picker-list" role="list" aria-label={t('maintenance.form.chosen')}>
          {value.map((file, index) => (
            <li key={`${file.name}-${index}`} className="photo-picker-item">
              <img src={previews[index]} alt={file.name} className="photo-picker-thumb" />
              <span className="photo-picker-meta">
                <bdi className="photo-picker-name">{file.name}</bdi>
                <span>{formatFileSize(file.size, lang)}</span>
              </span>
              <ActionIcon
                size="lg"
                variant="subtle"
                color="dark"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={t('maintenance.form.removePhoto', { name: file.name })}
              >
                <Icon icon={icons.trash} />
              </ActionIcon>
            </li>
          ))}
        </ul>
      )}
    </FileField>
  )
}
