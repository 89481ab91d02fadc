// The Persian (Solar Hijri) calendar arithmetic of the date picker, on UTC midnights; Intl does the calendar.
export const DAY_MS = 86_400_000
const parts = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  timeZone: 'UTC',
})

/** The Persian (Solar Hijri) year, month and day of a UTC midnight. */
export function persian(time: number): { year: number; month: number; day: number } {
  const p = Object.fromEntries(parts.formatToParts(new Date(time)).map((x) => [x.type, x.value]))
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) }
}

export const isoOf = (time: number) => new Date(time).toISOString().slice(0, 10)
export const timeOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`)
export const todayTime = () => timeOf(new Date().toISOString().slice(0, 10))

/** The days (UTC midnights) of the Persian month that holds `time`. */
export function monthDays(time: number): number[] {
  let first = time - (persian(time).day - 1) * DAY_MS
  // Intl and day arithmetic agree; this only guards against a calendar surprise
  while (persian(first).day !== 1) first -= DAY_MS
  const days: number[] = []
  const { month } = persian(first)
  for (let t = first; persian(t).month === month; t += DAY_MS) days.push(t)
  return days
}

/** Saturday = 0 … Friday = 6. */
export const column = (time: number) => (new Date(time).getUTCDay() + 1) % 7
