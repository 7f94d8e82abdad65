/**
 * The application form: move-in date (today or later in Riyadh, a week ahead
 * by default), one ID document (JPEG, PNG or PDF, with the upload's progress) and optional
 * additional information. Sent as multipart to `POST /api/applications`; success goes to
 * the dashboard with a toast, failure keeps what she entered and says why.
 */
import 'dayjs/locale/ar'
import '@mantine/dates/styles.css'
import { Textarea } from '@mantine/core'
import { DatePickerInput, DatesProvider } from '@mantine/dates'
import { useForm } from '@mantine/form'
import { useMediaQuery } from '@mantine/hooks'
import { useInvalidate } from '@refinedev/core'
import { localePath, riyadhToday } from '@sakan/common'
import { useMemo, useState } from 'react'
import { Trans } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { Application } from '../../lib/applications'
import { calendarFormats, formatCalendarDate, isolate } from '../../lib/format'
import { idDocumentProblem } from '../../lib/id-document'
import { moveInBounds, moveInProblem } from '../../lib/move-in'
import type { SessionUser } from '../../lib/user'
import { serverMessageOr } from '../../lib/refusals'
import { useTexts } from '../../providers/use-language'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { focusFirstInvalid, serverFieldErrors } from '../forms/field-errors'
import { useMultipartPost } from '../forms/use-multipart-post'
import { UploadSubmit } from '../forms/UploadSubmit'
import { DocumentPicker } from './DocumentPicker'

interface ApplicationValues {
  moveInDate: string | null
  idDocument: File | null
  additionalInfo: string
}

const MOVE_IN_MESSAGES = {
  required: 'application.validation.moveInRequired',
  invalid: 'application.validation.moveInRequired',
  past: 'application.validation.moveInPast',
} as const

const DOCUMENT_MESSAGES = {
  missing: 'application.validation.documentMissing',
  type: 'application.validation.documentType',
  size: 'application.validation.documentSize',
  empty: 'application.validation.documentEmpty',
} as const

const MAX_INFO_LENGTH = 2000
const FIELDS = ['moveInDate', 'idDocument', 'additionalInfo'] as const

interface ApplicationFormProps {
  roomId: number
  user: SessionUser | null
}

export function ApplicationForm({ roomId, user }: ApplicationFormProps) {
  const { t, lang } = useTexts('account')
  const navigate = useNavigate()
  const invalidate = useInvalidate()
  const narrow = useMediaQuery('(max-width: 40em)')
  const [initial] = useState(() => moveInBounds())
  const formats = useMemo(() => calendarFormats(lang), [lang])

  const form = useForm<ApplicationValues>({
    mode: 'controlled',
    initialValues: { moveInDate: initial.initial, idDocument: null, additionalInfo: '' },
    validateInputOnChange: ['idDocument'],
    validate: {
      moveInDate: (value) => {
        const problem = moveInProblem(value)
        return problem && t(MOVE_IN_MESSAGES[problem])
      },
      idDocument: (value) => {
        const problem = idDocumentProblem(value)
        return problem && t(DOCUMENT_MESSAGES[problem])
      },
    },
  })

  const { post, progress, sending } = useMultipartPost<Application>('/api/applications')

  const submit = (values: ApplicationValues) => {
    const body = new FormData()
    body.set('roomId', String(roomId))
    body.set('moveInDate', values.moveInDate ?? '')
    const info = values.additionalInfo.trim()
    if (info) body.set('additionalInfo', info)
    if (values.idDocument) body.set('idDocument', values.idDocument)
    post(
      body,
      {
        successNotification: {
          key: 'application-submitted',
          type: 'success',
          message: t('application.success.title'),
          description: t('application.success.text'),
        },
        errorNotification: (error) => ({
          key: 'application-failed',
          type: 'error',
          message: t('application.failure.title'),
          description: serverMessageOr(error, t('application.failure.text')),
        }),
      },
      {
        onSuccess: async () => {
          await invalidate({ resource: 'applications', invalidates: ['list'] })
          navigate('/dashboard')
        },
        onError: (error) => {
          const errors = serverFieldErrors(error, FIELDS)
          if (Object.keys(errors).length > 0) form.setErrors(errors)
        },
      }
    )
  }

  return (
    <form
      noValidate
      className="apply-form"
      aria-busy={sending || undefined}
      onSubmit={form.onSubmit(submit, focusFirstInvalid)}
    >
      {user && (
        <p className="apply-as">
          <Icon icon={icons.user} />
          <span>
            {t('application.form.applyingAs', {
              name: isolate(user.fullName || user.username || user.email),
              email: isolate(user.email),
            })}
          </span>
        </p>
      )}

      <DatesProvider settings={{ locale: lang, firstDayOfWeek: 0, weekendDays: [5, 6] }}>
        <DatePickerInput
          label={t('application.form.moveInDate')}
          description={t('application.form.moveInDescription')}
          withAsterisk
          size="md"
          minDate={riyadhToday()}
          leftSection={<Icon icon={icons.calendar} />}
          leftSectionPointerEvents="none"
          dropdownType={narrow ? 'modal' : 'popover'}
          modalProps={{ title: t('application.form.moveInDate'), centered: true }}
          valueFormatter={({ date }) =>
            typeof date === 'string' ? formatCalendarDate(date, lang) : ''
          }
          ariaLabels={{
            nextMonth: t('calendar.nextMonth'),
            previousMonth: t('calendar.previousMonth'),
            nextYear: t('calendar.nextYear'),
            previousYear: t('calendar.previousYear'),
            nextDecade: t('calendar.nextDecade'),
            previousDecade: t('calendar.previousDecade'),
            monthLevelControl: t('calendar.monthLevelControl'),
            yearLevelControl: t('calendar.yearLevelControl'),
          }}
          {...formats}
          disabled={sending}
          data-testid="move-in-date"
          {...form.getInputProps('moveInDate')}
        />
      </DatesProvider>

      <DocumentPicker
        label={t('application.form.idDocument')}
        description={t('application.form.idDocumentDescription')}
        required
        disabled={sending}
        value={form.values.idDocument}
        onChange={(file) => form.setFieldValue('idDocument', file)}
        error={form.errors.idDocument as string | undefined}
      />

      <Textarea
        label={t('application.form.additionalInfo')}
        description={t('application.form.additionalInfoDescription')}
        placeholder={t('application.form.additionalInfoPlaceholder')}
        size="md"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={MAX_INFO_LENGTH}
        disabled={sending}
        {...form.getInputProps('additionalInfo')}
      />

      <UploadSubmit
        sending={sending}
        progress={progress}
        label={t('application.form.submit')}
        pendingLabel={t('application.form.submitting')}
        testId="submit-application"
      />
      {/* Sending it records her consent to the notice in force, with the application. */}
      <p className="apply-privacy">
        <Icon icon={icons.lock} />
        <span>
          <Trans
            t={t}
            i18nKey="application.form.privacy"
            components={{
              privacy: <a href={localePath(lang, '/privacy')} target="_blank" rel="noopener" />,
            }}
          />
        </span>
      </p>
    </form>
  )
}
