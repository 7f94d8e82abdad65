/**
 * The rent roll's last 12 months as a bar chart (Mantine's charts over recharts, loaded with
 * this page only): for each month the rent expected beside what came in, stacked by how it
 * came. A picture for the eye; its text alternative is the chart's name (what it shows, and
 * that the table after it has the figures) and that table itself, read by assistive
 * technology. Time runs from the start of the line in either language: right to left in
 * Arabic, the amounts' axis on the right, the legend and the tooltip right to left.
 */
import '@mantine/core/styles/ColorSwatch.css'
import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'
import { PAYMENT_METHODS, formatSar, type PaymentMethod, type RentRoll } from '@sakan/common'
import { useOfficeTexts } from '../../components/office/use-office-texts'
import { formatCompactAmount, formatShortMonth, historyPoints } from '../../lib/rent-roll'
import { formatMonth } from '../../lib/format'

/** Each way money came, a colour of its own with at least 3:1 against the card. */
const METHOD_COLORS: Record<PaymentMethod, string> = {
  creditCard: 'brand.6',
  ejar: 'accent.6',
  bank_transfer: 'indigo.7',
  cash: 'grape.7',
}

export function HistoryChart({ history }: { history: RentRoll['history'] }) {
  const { t, lang, label } = useOfficeTexts('rentRoll')
  const rtl = lang === 'ar'
  const direction = rtl ? 'rtl' : 'ltr'
  const data = historyPoints(history).map((point) => ({
    ...point,
    label: formatShortMonth(point.month, lang),
  }))
  const first = history[0]?.month
  const last = history.at(-1)?.month
  return (
    <div
      className="rent-roll-chart"
      role="img"
      aria-label={t('office.rentRoll.history.chartLabel', {
        from: first ? formatMonth(first, lang) : '',
        to: last ? formatMonth(last, lang) : '',
      })}
      data-testid="rent-roll-chart"
    >
      <BarChart
        h={280}
        data={data}
        dataKey="label"
        withLegend
        // The series in their order (Expected, then each way), read in the page's direction.
        legendProps={{ verticalAlign: 'bottom', itemSorter: null, wrapperStyle: { direction } }}
        tooltipProps={{ wrapperStyle: { direction } }}
        accessibilityLayer={false}
        valueFormatter={(value) => formatSar(value, lang)}
        xAxisProps={{ reversed: rtl }}
        yAxisProps={{
          orientation: rtl ? 'right' : 'left',
          tickFormatter: (value: number) => formatCompactAmount(value, lang),
          tick: {
            transform: rtl ? 'translate(10, 0)' : 'translate(-10, 0)',
            fontSize: 12,
            fill: 'currentColor',
          },
        }}
        series={[
          {
            name: 'expected',
            label: label('history.expected'),
            color: 'gray.7',
            stackId: 'expected',
          },
          ...PAYMENT_METHODS.map((method) => ({
            name: method,
            label: t(`office.payments.methods.${method}`),
            color: METHOD_COLORS[method],
            stackId: 'collected',
          })),
        ]}
      />
    </div>
  )
}
