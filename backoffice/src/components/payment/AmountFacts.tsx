/**
 * What a payment of several months comes to, as rows of a description list: the
 * months' rent and the plan's discount when there is one, then the total. The payment page's
 * summary (the server's quote) and the receipt show the same figures.
 */
import { formatSar } from '@sakan/common'
import { useLanguage } from '../../providers/use-language'

export function AmountFacts({
  figures,
  labels,
  testIdPrefix,
}: {
  figures: { gross: number; discount: number; amount: number }
  labels: { gross: string; discount: string; total: string }
  /** `<prefix>-gross`, `<prefix>-discount`, `<prefix>-amount`. */
  testIdPrefix: string
}) {
  const lang = useLanguage()
  return (
    <>
      {figures.discount > 0 && (
        <>
          <div>
            <dt>{labels.gross}</dt>
            <dd data-testid={`${testIdPrefix}-gross`}>{formatSar(figures.gross, lang)}</dd>
          </div>
          <div>
            <dt>{labels.discount}</dt>
            <dd data-testid={`${testIdPrefix}-discount`}>{formatSar(-figures.discount, lang)}</dd>
          </div>
        </>
      )}
      <div className="amount-total">
        <dt>{labels.total}</dt>
        <dd className="record-price" data-testid={`${testIdPrefix}-amount`}>
          {formatSar(figures.amount, lang)}
        </dd>
      </div>
    </>
  )
}
