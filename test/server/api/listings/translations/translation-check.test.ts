import t from 'tap'
import { translationProblem } from '../../../../../server/api/listings/translations/translation-check.ts'

const ORIGINAL = 'آپارتمان ۲ خوابه نزدیک مترو، ۷۵ متر. تماس: ۰۱۵۱ ۲۳۴۵ ۶۷۸ یا @sara_k — www.example.de'

t.test('a translation may not add what the moderated original does not have', async (t) => {
  t.equal(
    translationProblem(
      ORIGINAL,
      'Two-bedroom flat near the metro, 75 m². Contact: 0151 2345 678 or @sara_k — www.example.de',
    ),
    null,
    'the same number, handle and link',
  )
  t.equal(
    translationProblem(ORIGINAL, 'Two-bedroom flat near the metro. Pay the deposit at https://scam.example.com first'),
    'new_link',
  )
  t.equal(translationProblem(ORIGINAL, 'Flat near the metro; book via cheap-flats.xyz'), 'new_link')
  t.equal(translationProblem(ORIGINAL, 'Flat near the metro. Write to owner@mail.example.com'), 'new_email')
  t.equal(translationProblem(ORIGINAL, 'Flat near the metro. Telegram: @other_agent'), 'new_handle')
  t.equal(translationProblem(ORIGINAL, 'Flat near the metro. Call +49 170 1112233'), 'new_number')
  t.equal(
    translationProblem('Room, 520 euros, from 2026', 'Zimmer, 520 Euro, ab 2026'),
    null,
    'short numbers (prices, years) are fine',
  )
  t.equal(translationProblem('Short text here.', 'x'.repeat(400)), 'too_long')
  t.equal(translationProblem('Short text here.', '   '), 'empty')
})
