import t from 'tap'
import { noteSessionEnded, sessionEndedSince } from '../../client/lib/session-end.ts'

// docs/decisions/038-pages-and-the-back-forward-cache.md: a page loaded before a sign-out is loaded
// afresh when the back/forward cache would restore it.
t.test("the end of a session is noted in the browser's storage, and compared with a page's load", async (t) => {
  const stored = new Map<string, string>()
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  }
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true })
  t.teardown(() => void Reflect.deleteProperty(globalThis, 'localStorage'))

  const loadedBefore = Date.now() - 1
  t.notOk(sessionEndedSince(loadedBefore), 'no session ended yet')
  noteSessionEnded()
  t.ok(sessionEndedSince(loadedBefore), 'a page loaded before the sign-out')
  t.notOk(sessionEndedSince(Date.now() + 1), 'a page loaded after it')
})

t.test('without storage (the server, a browser that refuses it): nothing noted, nothing reloaded', async (t) => {
  Object.defineProperty(globalThis, 'localStorage', {
    get() {
      throw new Error('SecurityError')
    },
    configurable: true,
  })
  t.teardown(() => void Reflect.deleteProperty(globalThis, 'localStorage'))
  t.doesNotThrow(() => noteSessionEnded())
  t.notOk(sessionEndedSince(0))
})
