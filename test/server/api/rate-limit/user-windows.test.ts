import t from 'tap'
import { windowFull } from '../../../../server/api/rate-limit/user-windows.ts'
import { openTestDb } from '../../../helpers/build-api.ts'

const HOUR = 3_600_000
const THREE_AN_HOUR = { max: 3, windowMs: HOUR }

t.test('per-user windows, counted from the rows the actions wrote', async (t) => {
  const db = await openTestDb(t)
  await db.exec(
    `CREATE TABLE sent_things (id serial PRIMARY KEY, user_id integer NOT NULL, kind text NOT NULL,
                               created_at timestamptz NOT NULL DEFAULT now())`,
  )
  /** One action as the services run it: check the window, then write its row, in one transaction. */
  const act = (userId: number, kind = 'a') =>
    db.transaction(async (tx) => {
      const full = await windowFull(tx, { table: 'sent_things', owner: { user_id: userId, kind } }, THREE_AN_HOUR)
      if (full) return full
      await tx.query(`INSERT INTO sent_things (user_id, kind) VALUES ($1, $2)`, [userId, kind])
      return null
    })
  const rowsOf = async (userId: number, kind = 'a') =>
    (
      await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sent_things WHERE user_id = $1 AND kind = $2`, [
        userId,
        kind,
      ])
    )[0]!.n

  await t.test('twenty at once for one user: exactly three pass, the rest are refused', async (t) => {
    const results = await Promise.all(Array.from({ length: 20 }, () => act(1)))
    t.equal(results.filter((r) => r === null).length, 3)
    t.equal(results.filter((r) => r !== null).length, 17)
    t.equal(await rowsOf(1), 3)
  })

  await t.test("another user's window, and another kind's, are their own", async (t) => {
    t.equal(await act(2), null)
    t.equal(await act(1, 'b'), null)
    t.equal(await rowsOf(2), 1)
    t.equal(await rowsOf(1, 'b'), 1)
  })

  await t.test('the refusal says when the oldest counted row leaves the window; then one more fits', async (t) => {
    await db.query(`UPDATE sent_things SET created_at = now() - interval '50 minutes' WHERE user_id = 1 AND kind = 'a'`)
    await db.query(
      `UPDATE sent_things SET created_at = now() - interval '55 minutes'
        WHERE id = (SELECT min(id) FROM sent_things WHERE user_id = 1 AND kind = 'a')`,
    )
    const refused = await act(1)
    t.ok(
      refused && refused.retryAfterS > 290 && refused.retryAfterS <= 300,
      `about five minutes: ${refused?.retryAfterS}`,
    )
    await db.query(
      `UPDATE sent_things SET created_at = now() - interval '61 minutes'
        WHERE id = (SELECT min(id) FROM sent_things WHERE user_id = 1 AND kind = 'a')`,
    )
    t.equal(await act(1), null, 'the oldest has left the window')
    t.ok(await act(1), 'and the window is full again')
  })
})
