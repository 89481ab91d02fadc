import t from 'tap'
import { formatDate } from '../../shared/dates.ts'
import { CURRENCIES } from '../../shared/constants.ts'
import { EUR_PER_UNIT, formatNumber, formatRent } from '../../shared/money.ts'
import { normalizeSearchText, slugify } from '../../shared/text.ts'

t.test('money, dates and text', async (t) => {
  t.test('fa shows IRR = EUR × 60000, Persian digits, no decimals; others the listing currency', async (t) => {
    t.equal(formatRent(850, 'EUR', 'fa'), '۵۱٬۰۰۰٬۰۰۰ ریال')
    t.equal(formatRent(850.5, 'EUR', 'fa'), '۵۱٬۰۳۰٬۰۰۰ ریال')
    t.equal(formatRent(250_000_000, 'IRR', 'fa'), '۲۵۰٬۰۰۰٬۰۰۰ ریال', 'rial rents are shown as they are')
    t.equal(formatRent(850, 'EUR', 'en'), '€850')
    t.match(formatRent(850.5, 'EUR', 'de'), /^850,5\s€$/u)
    t.match(formatRent(25000, 'TRY', 'tr'), /25\.000/)
  })
  t.test('plain numbers: no decimals, or exactly as many as asked (a pin to six), in the reader digits', async (t) => {
    t.equal(formatNumber(1234.6, 'en'), '1,235')
    t.equal(formatNumber(52.5, 'en', 6), '52.500000')
    t.equal(formatNumber(13.4106491, 'de', 6), '13,410649')
    t.equal(formatNumber(52.538496, 'fa', 6), '۵۲٫۵۳۸۴۹۶')
    t.equal(formatNumber(50, 'fa'), '۵۰', 'each number of decimals has its own format')
  })
  t.test('fa dates are in the Persian calendar', async (t) => {
    t.equal(formatDate('2026-03-21', 'fa'), '۱ فروردین ۱۴۰۵')
    t.equal(formatDate('2026-03-21', 'en'), 'March 21, 2026')
    t.equal(formatDate('not a date', 'en'), '')
  })
  t.test('search text folding', async (t) => {
    t.equal(normalizeSearchText('  Düsseldorf '), 'dusseldorf')
    t.equal(normalizeSearchText('İSTANBUL'), 'istanbul')
    t.equal(normalizeSearchText('كرج'), 'کرج')
    t.equal(normalizeSearchText('۱۲۳ ٤٥'), '123 45')
    t.equal(normalizeSearchText('می‌خواهم'), 'میخواهم', 'ZWNJ removed')
    t.equal(slugify('Straße am Main'), 'strasse-am-main')
  })
})

t.test("the schemas' list of currencies is the rates' list", async (t) => {
  t.same([...CURRENCIES].sort(), Object.keys(EUR_PER_UNIT).sort())
})
