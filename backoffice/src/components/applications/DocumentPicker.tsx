/**
 * The ID-document field: one JPEG, PNG or PDF file, chosen with the system's file
 * picker or dropped onto the field. The native file input stays the keyboard and
 * screen-reader control (visually hidden, its focus drawn on the drop area); the chosen file
 * is shown with a preview, its type and size, and can be replaced or removed.
 */
import { Button } from '@mantine/core'
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { formatFileSize } from '../../lib/format'
import { ID_DOCUMENT_ACCEPT, documentKind, idDocumentProblem } from '../../lib/id-document'
import { useTexts } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { FileField } from '../forms/FileField'

interface DocumentPickerProps {
  label: string
  description: string
  value: File | null
  onChange: (file: File | null) => void
  error?: string | null
  disabled?: boolean
  required?: boolean
}

/**
 * An object URL for an image file's preview: made when she picks the file, revoked when it
 * is replaced, removed or the field goes away.
 */
function usePreview(): [string | null, (file: File | null) => void] {
  const [url, setUrl] = useState<string | null>(null)
  const current = useRef<string | null>(null)
  const show = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current)
    const next =
      file && documentKind(file.type, file.name) === 'image' ? URL.createObjectURL(file) : null
    current.current = next
    setUrl(next)
  }, [])
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current)
    },
    []
  )
  return [url, show]
}

export function DocumentPicker({ value, onChange, disabled, ...field }: DocumentPickerProps) {
  const { t, lang } = useTexts('account')
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  const [preview, showPreview] = usePreview()
  const kind = value ? documentKind(value.type, value.name) : null
  // A file of another type is named as refused, never as one of the accepted kinds.
  const refused = value ? idDocumentProblem(value) === 'type' : false
  const kindLabel = refused
    ? t('application.picker.refused')
    : kind === 'image'
      ? t('application.picker.image')
      : t('application.picker.pdf')

  const choose = (files: FileList | null) => {
    const file = files?.[0] ?? null
    setNote(files && files.length > 1 ? t('application.picker.oneFile') : null)
    if (file) {
      showPreview(file)
      onChange(file)
    }
  }

  // Where a file can be dropped: the drop area, or the chosen file (to replace it).
  const dropTarget = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault()
      if (!disabled) setDragging(true)
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault()
      setDragging(false)
      if (disabled) return
      choose(event.dataTransfer.files)
    },
  }

  const open = () => {
    if (!disabled) input.current?.click()
  }

  const remove = () => {
    showPreview(null)
    onChange(null)
    setNote(null)
    if (input.current) {
      input.current.value = ''
      input.current.focus()
    }
  }

  return (
    <FileField
      id={id}
      className="doc-picker"
      {...field}
      hinted={!value}
      note={note}
      input={{
        ref: input,
        accept: ID_DOCUMENT_ACCEPT,
        disabled,
        'data-testid': 'id-document-input',
        onChange: (event) => choose(event.currentTarget.files),
      }}
      states={{
        'data-dragging': dragging ? '' : undefined,
        'data-disabled': disabled ? '' : undefined,
      }}
    >
      {value ? (
        <div className="doc-picker-file" {...dropTarget}>
          <span className="doc-picker-thumb" aria-hidden="true">
            {preview ? (
              <img src={preview} alt="" />
            ) : (
              <Icon icon={refused ? icons.xCircle : kind === 'image' ? icons.image : icons.pdf} />
            )}
          </span>
          <span className="doc-picker-file-text">
            <span className="doc-picker-file-name">
              <bdi>{value.name}</bdi>
            </span>
            <span
              className="doc-picker-file-meta"
              data-testid="id-document-meta"
              data-refused={refused || undefined}
            >
              {kindLabel} · {formatFileSize(value.size, lang)}
            </span>
          </span>
          <span className="doc-picker-file-actions">
            {/* The focused file input already offers this to the keyboard. */}
            <Button
              variant="default"
              size="sm"
              tabIndex={-1}
              aria-hidden="true"
              disabled={disabled}
              onClick={open}
            >
              {t('application.picker.replace')}
            </Button>
            <Button
              variant="subtle"
              color="dark"
              size="sm"
              leftSection={<Icon icon={icons.trash} />}
              className="doc-picker-remove"
              onClick={remove}
              disabled={disabled}
              aria-label={t('application.picker.removeLabel', { name: value.name })}
            >
              <span aria-hidden="true">{t('application.picker.remove')}</span>
            </Button>
          </span>
        </div>
      ) : (
        // A pointer target: the file input before it is the keyboard's control.
        <div className="doc-picker-drop" onClick={open} {...dropTarget}>
          <span className="doc-picker-drop-icon" aria-hidden="true">
            <Icon icon={icons.upload} />
          </span>
          {dragging ? (
            <span className="doc-picker-drop-text">{t('application.picker.dropNow')}</span>
          ) : (
            <span className="doc-picker-drop-text">
              <span className="doc-picker-choose">{t('application.picker.choose')}</span>{' '}
              {t('application.picker.drop')}
            </span>
          )}
          <span className="doc-picker-hint" id={`${id}-hint`}>
            {t('application.picker.hint')}
          </span>
        </div>
      )}
    </FileField>
  )
}
