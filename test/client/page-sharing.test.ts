import t from 'tap'
import { pageSharing } from '../../client/entry.server.tsx'

t.test('who a page is the same document for, by its route, remembered per path', async (t) => {
  t.equal(pageSharing('/en/listings', 'en'), 'viewers')
  t.equal(pageSharing('/listing/sunny-flat', 'fa'), 'viewers')
  t.equal(pageSharing('/en/dashboard', 'en'), null, 'the signed-in area is made per visitor')
  t.equal(pageSharing('/en/dashboard', 'en'), null, 'asked again: the remembered answer')
  // more paths than are remembered: the oldest go, and every answer is still the route's
  for (let i = 0; i < 10_050; i++) pageSharing(`/en/listing/flat-${i}`, 'en')
  t.equal(pageSharing('/en/listing/flat-0', 'en'), 'viewers', 'a forgotten path is matched again')
  t.equal(pageSharing('/en/dashboard', 'en'), null)
  t.equal(pageSharing('/en/listings', 'en'), 'viewers')
})
