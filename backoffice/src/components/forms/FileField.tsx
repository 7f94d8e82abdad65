/**
 * A file field's frame, shared by the pickers of an ID document and of maintenance photos: its
 * label, its description, the native file input — the keyboard's and screen reader's control,
 * visually hidden, its focus drawn on what the picker shows next — the picker's own view of
 * the chosen files, a note and the field's error. The parts' ids are the field's id
 * (`useId`) with `-input`, `-description`, `-hint`, `-note` and `-error`.
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react'

interface FileFieldProps {
  id: string
  /** The field's class; its input's is `<class>-input`. */
  className: 'doc-picker' | 'photo-picker'
  label: string
  description: string
  required?: boolean
  /** The picker shows a hint (`<id>-hint`) that describes the input too. */
  hinted?: boolean
  note?: string | null
  error?: string | null
  input: InputHTMLAttributes<HTMLInputElement> & {
    ref: Ref<HTMLInputElement>
    'data-testid': string
  }
  /** The field's states, as data attributes for its styles. */
  states?: { [attribute: `data-${string}`]: string | undefined }
  /** What the picker shows after the input: the chosen files, or where to drop them. */
  children: ReactNode
}

export function FileField({
  id,
  className,
  label,
  description,
  required,
  hinted,
  note,
  error,
  input,
  states,
  children,
}: FileFieldProps) {
  const describedBy = [
    `${id}-description`,
    hinted ? `${id}-hint` : null,
    error ? `${id}-error` : null,
    note ? `${id}-note` : null,
  ]
  return (
    <div className={className} data-error={error ? '' : undefined} {...states}>
      <label className="doc-picker-label" htmlFor={`${id}-input`}>
        {label}
        {required && (
          <span className="doc-picker-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <p className="doc-picker-description" id={`${id}-description`}>
        {description}
      </p>
      <input
        {...input}
        id={`${id}-input`}
        className={`${className}-input visually-hidden`}
        type="file"
        aria-describedby={describedBy.filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
      />
      {children}
      {note && (
        <p className="doc-picker-note" id={`${id}-note`}>
          {note}
        </p>
      )}
      {error && (
        <p className="doc-picker-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}
