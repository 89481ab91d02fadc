// The site overview's daily charts, as data (docs/decisions/023-site-overview-charts.md): what uPlot draws,
// left to right. Right-to-left pages get the days in reverse order rather than a mirrored canvas, and stacked
// bars are drawn as running totals while the legend keeps each series' own value.

export interface ChartRows {
  /** The days in drawing order, left to right. */
  days: string[]
  /** Each series' own values in drawing order (what the legend shows). */
  own: number[][]
  /** What uPlot draws: `own`, or the running totals of the series below and this one when stacked. */
  drawn: number[][]
}

/** Orders the days for the page's direction (newest at the left in RTL) and stacks the series when asked. */
export function chartRows(
  days: readonly string[],
  series: ReadonlyArray<{ values: readonly number[] }>,
  { stacked, rtl }: { stacked: boolean; rtl: boolean },
): ChartRows {
  const order = days.map((_, i) => (rtl ? days.length - 1 - i : i))
  const own = series.map((s) => order.map((i) => s.values[i] ?? 0))
  const totals = order.map(() => 0)
  const drawn = stacked ? own.map((values) => values.map((v, i) => (totals[i]! += v))) : own
  return { days: order.map((i) => days[i]!), own, drawn }
}

/** Positions of the day labels, every `step` days counted back from the newest one so today is always labelled. */
export function daySplits(count: number, step: number, rtl: boolean): number[] {
  const splits: number[] = []
  const every = Math.max(1, Math.round(step))
  for (let back = 0; back < count; back += every) splits.push(rtl ? back : count - 1 - back)
  return splits.sort((a, b) => a - b)
}

/** Value-axis steps: whole numbers only (no half sign-up), 1, 2, 5, 10, 20, 50 … */
export const VALUE_STEPS: number[] = Array.from({ length: 36 }, (_, i) => [1, 2, 5][i % 3]! * 10 ** Math.floor(i / 3))

/** The top of the value axis: the tallest value rounded up to a step that splits the axis in at most five. */
export function valueTop(max: number): number {
  const tallest = Math.max(1, max)
  const step = VALUE_STEPS.find((s) => tallest / s <= 5) ?? VALUE_STEPS.at(-1)!
  return Math.ceil(tallest / step) * step
}
