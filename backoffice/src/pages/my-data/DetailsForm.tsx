/**
 * Her details as she corrects them: full name and phone, checked here as the API checks them
 * (lib/my-data.ts), sent to `PATCH /api/auth/me` (an empty phone removes it). The API's field
 * errors, in her language, go under their fields; once saved, everything showing her (the
 * header's name first) follows at once. Her e-mail is shown, not changed: she signs in with it.
 */
import { TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { Icon, icons } from '@sakan/common/ui/Icon'
import { SubmitButton } from '../../components/auth/PendingButton'
import {
  focusFirstInvalid,
  focusFirstInvalidIn,
  serverFieldErrors,
} from '../../components/forms/field-errors'
import { TitledSection } from '../../components/TitledSection'
import {
  DETAILS_FIELDS,
  detailsBody,
  fullNameProblem,
  phoneProblem,
  type DetailsValues,
} from '../../lib/my-data'
import { showErrorToast } from '../../lib/refusals'
import { showToast } from '../../lib/toasts'
import type { SessionUser } from '../../lib/user'
import { apiRequest } from '../../providers/api'
import { sessionUserChanged } from '../../providers/auth-client'

const valuesOf = (user: SessionUser): DetailsValues => ({
  fullName: user.fullName ?? '',
  phone: user.phone ?? '',
})

export function DetailsForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account')
  const [saving, setSaving] = useState(false)
  const form = useForm<DetailsValues>({
    mode: 'controlled',
    initialValues: valuesOf(user),
    validate: {
      fullName: (value) => {
        const problem = fullNameProblem(value)
        return problem && t(problem)
      },
      phone: (value) => {
        const problem = phoneProblem(value)
        return problem && t(problem)
      },
    },
  })

  /** `formElement`: the form, whose first field to fix takes the focus after a refusal. */
  const save = async (values: DetailsValues, formElement?: HTMLFormElement) => {
    setSaving(true)
    try {
      const saved = await apiRequest<SessionUser>('/api/auth/me', {
        method: 'PATCH',
        json: detailsBody(values),
      })
      const shown = valuesOf(saved)
      form.setValues(shown)
      form.resetDirty(shown)
      await sessionUserChanged(saved)
      showToast({ tone: 'success', title: t('myData.details.saved') })
    } catch (error) {
      const errors = serverFieldErrors(error, DETAILS_FIELDS)
      if (Object.keys(errors).length === 0) {
        showErrorToast(error, t('myData.details.failed'))
        return
      }
      // Drawn at once (not on React's next turn, which a busy device may take after a timer),
      // so the first field to fix can take the focus and be read with its error.
      flushSync(() => form.setErrors(errors))
      focusFirstInvalidIn(formElement)
    } finally {
      setSaving(false)
    }
  }

  return (
    <TitledSection
      id="my-data-details"
      title={t('myData.details.title')}
      className="card panel-card"
      testId="my-data-details"
    >
      <form
        noValidate
        className="apply-form"
        aria-busy={saving || undefined}
        onSubmit={form.onSubmit(
          (values, event) => void save(values, event?.currentTarget),
          focusFirstInvalid
        )}
      >
        <TextInput
          label={t('myData.details.fullName')}
          autoComplete="name"
          size="md"
          withAsterisk
          readOnly={saving}
          {...form.getInputProps('fullName')}
        />
        <TextInput
          label={t('myData.details.phone')}
          description={t('myData.details.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          size="md"
          readOnly={saving}
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t('myData.details.email')}
          description={t('myData.details.emailHint')}
          type="email"
          dir="ltr"
          size="md"
          value={user.email}
          readOnly
          variant="filled"
        />
        <SubmitButton
          pending={saving}
          pendingLabel={t('myData.details.saving')}
          leftSection={<Icon icon={icons.check} />}
          data-testid="my-data-save"
        >
          {t('myData.details.save')}
        </SubmitButton>
      </form>
    </TitledSection>
  )
}
