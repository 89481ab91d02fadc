// The site overview's charts (docs/decisions/023-site-overview-charts.md). The daily charts are
// drawn with uPlot on a canvas, loaded with import() only once a chart is on screen (on this page alone);
// until then, and on the server, a box of the final size holds the chart's accessible name. The numbers
// themselves are in the tables beside each chart. Right-to-left pages get the days in reverse order, never
// a mirrored canvas (that would mirror the text and the cursor too).
import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { formatNumber } from '../../../shared/money.ts'
import { localeInfo } from '../../../shared/locales.ts'
import { isChunkLoadError, reloadForChunkError } from '../../lib/build-freshness.ts'
import { useLocale } from '../../lib/locale.ts'
import type { Plot, PlotSpec } from './daily-chart-plot.ts'

export interface Series {
  label: string
  /** A CSS colour (custom properties welcome: resolved when the canvas draws). */
  color: string
  values: number[]
}

/**
 * Day-by-day bars (stacked when there are several series) or a line, with a legend that shows the hovered
 * day's values (the newest day's otherwise).
 */
export function DailyChart({
  label,
  days,
  series,
  kind = 'bars',
  dayLabel,
  format,
}: {
  /** What the chart says, for screen readers (the numbers are in the table beside it). */
  label: string
  days: string[]
  series: Series[]
  kind?: 'bars' | 'line'
  dayLabel: (day: string) => string
  /** How the legend writes a value; whole numbers in the page's digits by default. */
  format?: (value: number) => string
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const plotBox = useRef<HTMLDivElement>(null)
  const [hovered, setHovered] = useState<number | null>(null)
  const [failed, setFailed] = useState(false)
  const spec: PlotSpec = {
    days: days.map(dayLabel),
    series: series.map(({ label, color, values }) => ({ label, color, values })),
    kind,
    rtl: localeInfo(locale).dir === 'rtl',
    locale,
  }
  // the page builds new arrays on every render: the chart is drawn again only when what it shows changes
  const specJson = JSON.stringify(spec)

  useEffect(() => {
    const box = plotBox.current
    if (!box) return
    let plot: Plot | undefined
    let gone = false
    import('./daily-chart-plot.ts')
      .then(({ plotDailyChart }) => plotDailyChart(box, JSON.parse(specJson) as PlotSpec, setHovered))
      .then((drawn) => {
        if (gone) drawn.destroy()
        else plot = drawn
      })
      .catch((error: unknown) => {
        if (gone || (isChunkLoadError(error) && reloadForChunkError())) return
        setFailed(true)
      })
    return () => {
      gone = true
      plot?.destroy()
    }
  }, [specJson])

  const shown = hovered ?? days.length - 1
  const value = format ?? ((v: number) => formatNumber(v, locale))
  return (
    <figure className="stats-chart">
      <div className="stats-chart-box" role="img" aria-label={label}>
        <div className="stats-chart-plot" ref={plotBox} />
        {failed && (
          <p className="stats-chart-failed">{t`The chart could not be drawn; the numbers are in the table.`}</p>
        )}
      </div>
      {shown >= 0 && (
        <div className="stats-legend" aria-hidden="true">
          <span className="stats-legend-day">{dayLabel(days[shown]!)}</span>
          <ul>
            {series.map((s) => (
              <li key={s.label}>
                <span className="stats-swatch" style={{ background: s.color }} />
                {s.label} <b>{value(s.values[shown] ?? 0)}</b>
              </li>
            ))}
          </ul>
        </div>
      )}
    </figure>
  )
}

/** Horizontal bars, one per row (the active listings per country). */
export function RankChart({
  label,
  rows,
}: {
  label: string
  rows: Array<{ name: string; value: number; shown: string }>
}) {
  const max = Math.max(1, ...rows.map((r) => r.value))
  return (
    <ul className="stats-rank" aria-label={label}>
      {rows.map((row) => (
        <li key={row.name}>
          <span className="stats-rank-name">{row.name}</span>
          <span className="stats-rank-bar" aria-hidden="true">
            <span style={{ inlineSize: `${(row.value / max) * 100}%` }} />
          </span>
          <span className="stats-rank-value">{row.shown}</span>
        </li>
      ))}
    </ul>
  )
}
