import t from 'tap'
import { formatCompactRent } from '../../../../client/features/map/compact-rent.ts'

t.test("a map marker's rent: compact, in rials on Persian pages as every rent there", async (t) => {
  // (a no-break space between the number and its word or sign)
  t.equal(formatCompactRent(850, 'EUR', 'fa'), '۵۱\u00a0میلیون')
  t.equal(formatCompactRent(1250, 'EUR', 'en'), '€1.3K')
  t.equal(formatCompactRent(900, 'EUR', 'de'), '900\u00a0€')
  t.equal(formatCompactRent(45_000_000, 'IRR', 'fa'), '۴۵\u00a0میلیون')
})
