import t from 'tap'
import { checkTelegramLogin } from '../../../../server/api/auth/telegram.ts'
import { TEST_BOT_TOKEN } from '../../../helpers/build-api.ts'

// Vector computed outside this code base (Python's hmac/hashlib) for TEST_BOT_TOKEN.
const VECTOR = {
  id: 424242,
  first_name: 'Sara',
  last_name: 'Ahmadi',
  username: 'sara_a',
  photo_url: 'https://t.me/i/userpic/320/sara.jpg',
  auth_date: 1795300000,
  hash: '4938003010a7dcd41bad6bd59bfd2a517f7e4d27e54e99548ce65c6c419370b5',
}
const NOW = 1795300000 + 60

t.test('Telegram Login Widget check', async (t) => {
  t.same(checkTelegramLogin(VECTOR, TEST_BOT_TOKEN, NOW), { ok: true }, 'the independent vector verifies')
  t.same(
    checkTelegramLogin({ ...VECTOR, hash: VECTOR.hash.toUpperCase() }, TEST_BOT_TOKEN, NOW),
    { ok: true },
    'hex case does not matter',
  )
  t.same(
    checkTelegramLogin({ ...VECTOR, first_name: 'Mallory' }, TEST_BOT_TOKEN, NOW),
    { ok: false, reason: 'bad_hash' },
    'a changed field',
  )
  t.same(
    checkTelegramLogin({ ...VECTOR, is_admin: 'true' }, TEST_BOT_TOKEN, NOW),
    { ok: false, reason: 'bad_hash' },
    'an added field',
  )
  t.same(checkTelegramLogin(VECTOR, '987654321:ANOTHERbotTOKEN', NOW), { ok: false, reason: 'bad_hash' }, 'another bot')
  t.same(
    checkTelegramLogin({ ...VECTOR, hash: 'abc' }, TEST_BOT_TOKEN, NOW),
    { ok: false, reason: 'bad_hash' },
    'a short hash',
  )
  t.same(
    checkTelegramLogin(VECTOR, TEST_BOT_TOKEN, VECTOR.auth_date + 24 * 3600 + 1),
    { ok: false, reason: 'stale' },
    'older than 24 h',
  )
  t.same(
    checkTelegramLogin(VECTOR, TEST_BOT_TOKEN, VECTOR.auth_date - 3600),
    { ok: false, reason: 'future' },
    'dated an hour ahead',
  )
  const { hash: _hash, ...unsigned } = VECTOR
  t.same(checkTelegramLogin(unsigned, TEST_BOT_TOKEN, NOW), { ok: false, reason: 'missing_fields' })
})
