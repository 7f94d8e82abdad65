/**
 * A stay's states as badges: the stay's own (active, ended), its deposit's and a ledger month's,
 * each in its tone (lib/tenancies.ts) with the back office's words; and the overdue mark.
 */
import { useTranslation } from 'react-i18next'
import { ToneBadge } from '../../components/details/ToneBadge'
import { DEPOSIT_TONES, LEDGER_TONES, TENANCY_TONES } from '../../lib/tenancies'
import { toneOf, type Tone } from '../../lib/status'

const KINDS: Record<string, { tones: Record<string, Tone>; texts: string }> = {
  state: { tones: TENANCY_TONES, texts: 'office.tenancies.states' },
  deposit: { tones: DEPOSIT_TONES, texts: 'office.tenancies.depositStates' },
  ledger: { tones: LEDGER_TONES, texts: 'office.tenancies.ledger.states' },
}

export function TenancyBadge({
  kind,
  value,
  testId,
}: {
  kind: 'state' | 'deposit' | 'ledger'
  value: string
  testId?: string
}) {
  const { t } = useTranslation('admin')
  const { tones, texts } = KINDS[kind]!
  return (
    <ToneBadge tone={toneOf(tones, value)} value={value} testId={testId}>
      {t(`${texts}.${value}`)}
    </ToneBadge>
  )
}

/** Shown when a month of the stay is past its grace. */
export function OverdueBadge() {
  const { t } = useTranslation('admin')
  return (
    <ToneBadge tone="danger" value="overdue" testId="tenancy-overdue">
      {t('office.tenancies.overdueBadge')}
    </ToneBadge>
  )
}
