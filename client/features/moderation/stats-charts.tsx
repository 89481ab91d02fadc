// Small inline SVG charts for the site overview (issue 14): no chart library, only on that page.
// The SVGs carry no text; labels are HTML around them, so RTL mirrors the time axis with CSS alone.

export interface Series {
  label: string
  /** A CSS colour (custom properties welcome). */
  color: string
  values: number[]
}

const WIDTH = 600
const HEIGHT = 160

/** Day-by-day bars (stacked when there are several series) or a line, with the first and last day under it. */
export function DailyChart({
  label,
  days,
  series,
  kind = 'bars',
  dayLabel,
}: {
  /** What the chart says, for screen readers (the numbers are in the table beside it). */
  label: string
  days: string[]
  series: Series[]
  kind?: 'bars' | 'line'
  dayLabel: (day: string) => string
}) {
  const totals = days.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0))
  const max = Math.max(1, ...(kind === 'line' ? series.flatMap((s) => s.values) : totals))
  const step = WIDTH / Math.max(1, days.length)
  const y = (v: number) => HEIGHT - (v / max) * (HEIGHT - 4)
  return (
    <figure className="stats-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label}>
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stats-axis" />
        {kind === 'line'
          ? series.map((s) => (
              <polyline
                key={s.label}
                fill="none"
                stroke={s.color}
                strokeWidth="2.5"
                vectorEffect="non-scaling-stroke"
                points={s.values.map((v, i) => `${(i + 0.5) * step},${y(v)}`).join(' ')}
              />
            ))
          : days.map((day, i) => {
              let base = HEIGHT
              return (
                <g key={day}>
                  {series.map((s) => {
                    const h = ((s.values[i] ?? 0) / max) * (HEIGHT - 4)
                    base -= h
                    return h > 0 ? (
                      <rect
                        key={s.label}
                        x={i * step + step * 0.15}
                        y={base}
                        width={step * 0.7}
                        height={h}
                        fill={s.color}
                      />
                    ) : null
                  })}
                </g>
              )
            })}
      </svg>
      <figcaption className="stats-chart-axis">
        <span>{days.length > 0 && dayLabel(days[0]!)}</span>
        <span>{days.length > 0 && dayLabel(days.at(-1)!)}</span>
      </figcaption>
      <Legend series={series} />
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

function Legend({ series }: { series: Series[] }) {
  return (
    <ul className="stats-legend" aria-hidden="true">
      {series.map((s) => (
        <li key={s.label}>
          <span className="stats-swatch" style={{ background: s.color }} />
          {s.label}
        </li>
      ))}
    </ul>
  )
}
