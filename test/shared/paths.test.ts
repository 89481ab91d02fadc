import t from 'tap'
import { safeNext } from '../../shared/paths.ts'

t.test('safeNext', async (t) => {
  await t.test('our own pages pass, normalised and percent-encoded', async (t) => {
    t.equal(safeNext('/en/dashboard/profile', '/x'), '/en/dashboard/profile')
    t.equal(safeNext('/en/listings?city=berlin#top', '/x'), '/en/listings?city=berlin#top')
    t.equal(
      safeNext('/listing/خانه-تهران', '/x'),
      '/listing/%D8%AE%D8%A7%D9%86%D9%87-%D8%AA%D9%87%D8%B1%D8%A7%D9%86',
      'non-Latin-1 is encoded, so a Location header can hold it',
    )
    t.equal(safeNext('/en/a/../dashboard', '/x'), '/en/dashboard')
  })

  await t.test('anything a browser could take to another host is the fallback', async (t) => {
    const evil = [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '/./\t/evil.example',
      '/.//evil.example',
      '/%2e//evil.example',
      '\t//evil.example',
      'javascript:alert(1)',
      '',
    ]
    for (const next of evil) t.equal(safeNext(next, '/fallback'), '/fallback', JSON.stringify(next))
    t.equal(safeNext(null, '/fallback'), '/fallback')
    t.equal(safeNext(undefined, '/fallback'), '/fallback')
  })

  await t.test('the API and assets are not pages', async (t) => {
    t.equal(safeNext('/api/v1/users/account', '/f'), '/f')
    t.equal(safeNext('/api/auth/telegram-merge-callback', '/f'), '/f')
    t.equal(safeNext('/assets/entry.js', '/f'), '/f')
  })
})
