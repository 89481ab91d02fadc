import t from 'tap'
import { chartRows, daySplits, VALUE_STEPS, valueTop } from '../../../../client/features/moderation/chart-data.ts'

const days = ['2026-03-01', '2026-03-02', '2026-03-03']
const series = [{ values: [1, 0, 3] }, { values: [2, 5, 0] }, { values: [0, 1, 4] }]

t.test('chartRows', async (t) => {
  await t.test('left to right, stacked: days oldest first, each series drawn on the running total', async (t) => {
    const rows = chartRows(days, series, { stacked: true, rtl: false })
    t.same(rows.days, days)
    t.same(rows.own, [
      [1, 0, 3],
      [2, 5, 0],
      [0, 1, 4],
    ])
    t.same(rows.drawn, [
      [1, 0, 3],
      [3, 5, 3],
      [3, 6, 7],
    ])
  })

  await t.test('right to left: the days in reverse order (newest at the left), totals follow', async (t) => {
    const rows = chartRows(days, series, { stacked: true, rtl: true })
    t.same(rows.days, ['2026-03-03', '2026-03-02', '2026-03-01'])
    t.same(rows.own[1], [0, 5, 2])
    t.same(rows.drawn.at(-1), [7, 6, 3])
  })

  await t.test('not stacked (a line): drawn is each series own values', async (t) => {
    const rows = chartRows(days, series, { stacked: false, rtl: true })
    t.same(rows.drawn, rows.own)
    t.same(rows.drawn[0], [3, 0, 1])
  })

  await t.test('a missing value counts as zero; the input is left as it was', async (t) => {
    const short = [{ values: [4] }, { values: [1, 2, 3] }]
    const rows = chartRows(days, short, { stacked: true, rtl: false })
    t.same(rows.drawn, [
      [4, 0, 0],
      [5, 2, 3],
    ])
    t.same(short[0]!.values, [4])
  })
})

t.test('daySplits: every step days back from the newest, so the newest day is always labelled', async (t) => {
  t.same(daySplits(30, 7, false), [1, 8, 15, 22, 29])
  t.same(daySplits(30, 7, true), [0, 7, 14, 21, 28])
  t.same(daySplits(3, 1, true), [0, 1, 2])
  t.same(daySplits(0, 7, false), [])
})

t.test('valueTop: whole steps, at most five of them, never below one', async (t) => {
  t.equal(valueTop(0), 1)
  t.equal(valueTop(3), 3)
  t.equal(valueTop(7), 8)
  t.equal(valueTop(12), 15)
  t.equal(valueTop(99), 100)
  t.equal(valueTop(1234), 1500)
  t.ok(VALUE_STEPS.every((step) => Number.isInteger(step)))
})
