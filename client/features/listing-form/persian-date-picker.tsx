import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import { formatDate } from '../../../shared/dates.ts'
import { Chevron } from '../../components/chevron.tsx'
import { column, DAY_MS, isoOf, monthDays, persian, timeOf, todayTime } from './persian-calendar.ts'

const monthName = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const dayNumber = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { day: 'numeric', timeZone: 'UTC' })
const fullDate = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
// the Iranian week starts on Saturday
const WEEKDAYS = ['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج']

/**
 * A date picker in the Persian calendar for fa readers (the value stays an ISO date): a month
 * grid opened from a button, arrows move by day and week, PageUp/PageDown by month, Enter picks.
 */
export function PersianDatePicker({
  id: buttonId,
  value,
  onChange,
  labelledBy,
}: {
  id: string
  value: string
  onChange: (iso: string) => void
  labelledBy: string
}) {
  const { t } = useLingui()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [focus, setFocus] = useState(() => (value ? timeOf(value) : todayTime()))
  const grid = useRef<HTMLTableElement>(null)

  useEffect(() => {
    if (open) grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus()
  }, [open, focus])

  const days = monthDays(focus)
  const weeks: Array<Array<number | null>> = []
  let week: Array<number | null> = Array.from({ length: column(days[0]!) }, () => null)
  for (const day of days) {
    week.push(day)
    if (week.length === 7) {
      weeks.push(week)
      week = []
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)])

  const monthStep = (direction: 1 | -1) => {
    const target = direction === 1 ? days.at(-1)! + DAY_MS : days[0]! - DAY_MS
    const next = monthDays(target)
    setFocus(next[Math.min(persian(focus).day, next.length) - 1]!)
  }
  const pick = (time: number) => {
    onChange(isoOf(time))
    setOpen(false)
  }

  return (
    <div className="date-picker">
      <button
        id={buttonId}
        type="button"
        className="button button-ghost button-small"
        aria-describedby={labelledBy}
        aria-expanded={open}
        aria-controls={`${id}-dialog`}
        onClick={() => setOpen((o) => !o)}
      >
        {value ? formatDate(value, 'fa') : <Trans>Pick on the Persian calendar</Trans>}
      </button>
      {open && (
        <div
          id={`${id}-dialog`}
          className="date-picker-popup"
          role="dialog"
          aria-modal="false"
          aria-labelledby={`${id}-month`}
        >
          <div className="date-picker-head">
            <button type="button" className="button-icon" onClick={() => monthStep(-1)} aria-label={t`Previous month`}>
              <Chevron towards="start" />
            </button>
            <strong id={`${id}-month`} aria-live="polite">
              {monthName.format(new Date(focus))}
            </strong>
            <button type="button" className="button-icon" onClick={() => monthStep(1)} aria-label={t`Next month`}>
              <Chevron towards="end" />
            </button>
          </div>
          <table
            ref={grid}
            role="grid"
            aria-labelledby={`${labelledBy} ${id}-month`}
            onKeyDown={(event) => {
              const moves: Record<string, number> = { ArrowRight: -1, ArrowLeft: 1, ArrowUp: -7, ArrowDown: 7 }
              if (event.key in moves) {
                event.preventDefault()
                setFocus((f) => f + moves[event.key]! * DAY_MS)
              } else if (event.key === 'PageUp' || event.key === 'PageDown') {
                event.preventDefault()
                monthStep(event.key === 'PageDown' ? 1 : -1)
              } else if (event.key === 'Escape') {
                setOpen(false)
              }
            }}
          >
            <thead>
              <tr>
                {WEEKDAYS.map((d) => (
                  <th key={d} scope="col" abbr={d}>
                    {d}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((days, w) => (
                <tr key={w}>
                  {days.map((day, d) =>
                    day === null ? (
                      <td key={d} />
                    ) : (
                      <td key={d}>
                        <button
                          type="button"
                          tabIndex={day === focus ? 0 : -1}
                          aria-pressed={value === isoOf(day)}
                          aria-label={fullDate.format(new Date(day))}
                          className={day === todayTime() ? 'is-today' : undefined}
                          onClick={() => pick(day)}
                        >
                          {dayNumber.format(new Date(day))}
                        </button>
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="date-picker-foot">
            {value && (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  onChange('')
                  setOpen(false)
                }}
              >
                <Trans>Clear date</Trans>
              </button>
            )}
            <button type="button" className="link-button" onClick={() => setOpen(false)}>
              <Trans>Close</Trans>
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
