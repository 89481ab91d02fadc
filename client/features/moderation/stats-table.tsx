import { Trans, useLingui } from '@lingui/react/macro'

/** The numbers behind a daily chart, one row a day, behind a disclosure so the page stays short. */
export function DayTable({
  caption,
  days,
  dayLabel,
  columns,
}: {
  caption: string
  days: string[]
  dayLabel: (day: string) => string
  columns: Array<{ label: string; values: string[] }>
}) {
  const { t } = useLingui()
  return (
    <details className="stats-table">
      <summary>
        <Trans>Show the numbers</Trans>
      </summary>
      <div className="table-scroll">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Day`}</th>
              {columns.map((c) => (
                <th scope="col" key={c.label}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{dayLabel(day)}</th>
                {columns.map((c) => (
                  <td key={c.label}>{c.values[i]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}
