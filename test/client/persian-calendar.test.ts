import t from 'tap'
import { column, isoOf, monthDays, persian, timeOf } from '../../client/features/listing-form/persian-calendar.ts'

t.test('the Persian calendar of the start-date picker', async (t) => {
  t.same(persian(timeOf('2026-03-21')), { year: 1405, month: 1, day: 1 }, 'Nowruz 1405 is 21 March 2026')
  t.same(persian(timeOf('2026-11-23')), { year: 1405, month: 9, day: 2 }, '2 Azar 1405')

  const farvardin = monthDays(timeOf('2026-04-10'))
  t.equal(farvardin.length, 31, 'the first six months have 31 days')
  t.equal(isoOf(farvardin[0]!), '2026-03-21')
  t.equal(isoOf(farvardin.at(-1)!), '2026-04-20')

  t.equal(monthDays(timeOf('2026-11-23')).length, 30, 'Azar has 30 days')
  t.equal(monthDays(timeOf('2026-03-01')).length, 29, 'Esfand 1404 has 29 days (not a leap year)')
  t.equal(monthDays(timeOf('2025-03-15')).length, 30, 'Esfand 1403 has 30 days (a leap year)')

  t.equal(column(timeOf('2026-11-21')), 0, 'a Saturday starts the week')
  t.equal(column(timeOf('2026-11-27')), 6, 'a Friday ends it')
})
