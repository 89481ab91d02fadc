// Draws a DailyChart with uPlot (docs/decisions/023-site-overview-charts.md). Only the site overview imports
// this module, and only with import() once a chart is mounted, so uPlot and its stylesheet stay out of every
// other page's chunks.
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { formatNumber } from '../../../shared/money.ts'
import type { LocaleCode } from '../../../shared/locales.ts'
import { chartRows, daySplits, VALUE_STEPS, valueTop } from './chart-data.ts'

export interface PlotSpec {
  /** Each day's label, oldest first (the page's `dayLabel`). */
  days: string[]
  series: Array<{ label: string; color: string; values: number[] }>
  kind: 'bars' | 'line'
  rtl: boolean
  locale: LocaleCode
}

export interface Plot {
  destroy: () => void
}

/** Smallest gap between two day labels, in CSS pixels. */
const DAY_LABEL_SPACE = 72

/**
 * Draws the chart into `box`, sized to it and resized with it. `onHover` gets the hovered day's index in
 * `spec.days` (whatever the drawing order), or null when the pointer leaves.
 */
export async function plotDailyChart(
  box: HTMLElement,
  spec: PlotSpec,
  onHover: (index: number | null) => void,
): Promise<Plot> {
  const bars = spec.kind === 'bars'
  const rows = chartRows(spec.days, spec.series, { stacked: bars && spec.series.length > 1, rtl: spec.rtl })
  const count = rows.days.length
  const number = (value: number) => formatNumber(value, spec.locale)
  const probe = document.createElement('span')
  probe.hidden = true
  box.append(probe)
  const color = colorResolver(probe)

  // the canvas draws its text itself: in the page's font (Vazirmatn in fa), once that font is there
  const style = getComputedStyle(box)
  const font = `${style.fontSize} ${style.fontFamily}`
  await document.fonts?.load(font, `${rows.days.join('')}${number(1234567890)}`).catch(() => undefined)
  const measure = textMeasurer(font)
  // room for half a day's label beyond the newest bar, on the side where time ends
  const edge = Math.ceil(Math.max(8, ...rows.days.map(measure)) / 2)

  const axis = {
    font,
    stroke: () => color('var(--muted)'),
    grid: { stroke: () => color('var(--line)'), width: 1 },
    ticks: { show: false },
  }
  const opts: uPlot.Options = {
    width: box.clientWidth,
    height: box.clientHeight,
    legend: { show: false },
    padding: [10, spec.rtl ? 8 : edge, 0, spec.rtl ? edge : 8],
    cursor: {
      y: false,
      drag: { x: false, y: false, setScale: false },
      points: { show: !bars },
      // the cursor line stands on the hovered day, not between two
      move: (u, left, top) => {
        const day = Math.min(count - 1, Math.max(0, Math.round(u.posToVal(left, 'x'))))
        return [left < 0 ? left : u.valToPos(day, 'x'), top]
      },
    },
    scales: {
      x: { time: false, range: () => [-0.5, count - 0.5] },
      y: { range: (_u, _min, max) => [0, valueTop(max)] },
    },
    axes: [
      {
        ...axis,
        grid: { show: false },
        size: 30,
        gap: 6,
        space: DAY_LABEL_SPACE,
        incrs: [1, 2, 3, 7, 14, 28],
        splits: (_u, _i, _min, _max, step) => daySplits(count, step, spec.rtl),
        values: (_u, splits) => splits.map((i) => rows.days[i] ?? ''),
      },
      {
        ...axis,
        // the value axis stands where time starts: at the right on a right-to-left page
        side: spec.rtl ? 1 : 3,
        incrs: VALUE_STEPS,
        values: (_u, splits) => splits.map(number),
        size: (_u, values) => Math.ceil(Math.max(0, ...(values ?? []).map(measure))) + 12,
      },
    ],
    series: [
      {},
      ...spec.series.map((s) => ({
        label: s.label,
        stroke: () => color(s.color),
        width: bars ? 0 : 2.5,
        ...(bars ? { fill: () => color(s.color), paths: uPlot.paths.bars!({ size: [0.7, 36], gap: 1 }) } : {}),
        points: { show: false },
      })),
    ],
    // a stacked series' bars start on the running total of the series below it
    bands: (bars ? spec.series.slice(1) : []).map((_, i) => ({ series: [i + 2, i + 1] as [number, number] })),
    hooks: {
      setCursor: [
        (u) => {
          const idx = u.cursor.idx
          onHover(idx == null ? null : spec.rtl ? count - 1 - idx : idx)
        },
      ],
    },
  }
  const plot = new uPlot(opts, [rows.days.map((_, i) => i), ...(bars ? rows.drawn : rows.own)], box)
  const resize = new ResizeObserver(() => {
    if (box.clientWidth > 0) plot.setSize({ width: box.clientWidth, height: box.clientHeight })
  })
  resize.observe(box)
  return {
    destroy: () => {
      resize.disconnect()
      plot.destroy()
      probe.remove()
    },
  }
}

/**
 * A canvas cannot read `var(--brand)`: each colour is resolved through a hidden element of the page when the
 * chart draws, so the series follow the page's custom properties (and a theme, should the product get one).
 */
function colorResolver(probe: HTMLElement): (css: string) => string {
  return (css) => {
    probe.style.color = ''
    probe.style.color = css
    return getComputedStyle(probe).color
  }
}

function textMeasurer(font: string): (text: string) => number {
  const ctx = document.createElement('canvas').getContext('2d')
  if (!ctx) return (text) => text.length * 8
  ctx.font = font
  return (text) => ctx.measureText(text).width
}
