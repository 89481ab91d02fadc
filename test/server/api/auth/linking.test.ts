import t from 'tap'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { apiCaller, buildTestApi, TEST_BOT_TOKEN } from '../../../helpers/build-api.ts'
import { verifiedIdentity } from '../../../helpers/email.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'
import { signTelegramLogin } from '../../../helpers/telegram.ts'

t.test('linking, unlinking and merging sign-in methods', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const nowS = () => Math.floor(Date.now() / 1000)
  const widget = (id: number, firstName = `T${id}`, ageS = 0) =>
    signTelegramLogin({ id, first_name: firstName, username: `tg${id}`, auth_date: nowS() - ageS }, TEST_BOT_TOKEN)
  const call = apiCaller(app)
  const telegramUser = async (id: number, firstName = `T${id}`) =>
    (await call('POST', '/auth/telegram-login', null, widget(id, firstName))).json().data
  const emailUser = async (email: string, firstName: string) => {
    const identity = await verifiedIdentity(app, dataDir, email)
    const session = (
      await call('POST', '/auth/create-user', null, { firebase_token: identity.id_token, first_name: firstName })
    ).json().data
    return { ...session, identity }
  }
  const nonce = async (token: string) => (await call('POST', '/users/link-nonce', token)).json().data.nonce as string
  const linkTelegram = async (token: string, id: number, ageS = 3) =>
    call('POST', '/users/link-account', token, {
      auth_method: 'telegram',
      telegram_verification_token: JSON.stringify(widget(id, `T${id}`, ageS)),
      nonce: await nonce(token),
    })

  await t.test('every route needs a session', async (t) => {
    for (const [method, url] of [
      ['POST', '/users/link-nonce'],
      ['POST', '/users/verify-email-for-linking'],
      ['POST', '/users/link-account'],
      ['POST', '/users/merge-accounts'],
      ['DELETE', '/users/unlink-account'],
    ] as const) {
      t.equal((await call(method, url, null, {})).statusCode, 401, `${method} ${url}`)
    }
  })

  await t.test('a Telegram user links a new e-mail; then may unlink either, never both', async (t) => {
    const tg = await telegramUser(6001)
    const identity = await verifiedIdentity(app, dataDir, 'six@example.com')
    const check = await call('POST', '/users/verify-email-for-linking', tg.token, {
      email: 'six@example.com',
      firebase_token: identity.id_token,
    })
    t.same(check.json().data, { email: 'six@example.com', email_verified: true, linked_account: null })
    const linked = await call('POST', '/users/link-account', tg.token, {
      auth_method: 'email',
      email: 'six@example.com',
      firebase_token: identity.id_token,
    })
    t.equal(linked.statusCode, 200)
    t.match(linked.json().data, {
      linked: 'email',
      user: { email: 'six@example.com', email_verified: true, telegram_id: 6001 },
    })
    t.equal(
      (await call('POST', '/auth/email-login', null, { firebase_token: identity.id_token })).json().data.user.id,
      tg.user.id,
      'the e-mail now signs in to the same account',
    )
    const again = await call('POST', '/users/link-account', tg.token, {
      auth_method: 'email',
      email: 'six@example.com',
      firebase_token: identity.id_token,
    })
    t.equal(again.statusCode, 409)
    t.match(again.json().error.details, { reason: 'already_linked' })
    const unlinked = await call('DELETE', '/users/unlink-account', tg.token, { auth_method: 'telegram' })
    t.equal(unlinked.statusCode, 200)
    t.match(unlinked.json().data.user, { telegram_id: null, email: 'six@example.com', auth_method: 'email' })
    const last = await call('DELETE', '/users/unlink-account', tg.token, { auth_method: 'email' })
    t.equal(last.statusCode, 409)
    t.match(last.json().error.details, { reason: 'last_method' })
    const notLinked = await call('DELETE', '/users/unlink-account', tg.token, { auth_method: 'telegram' })
    t.match(notLinked.json().error, { code: 'CONFLICT', details: { reason: 'not_linked' } })
    t.equal((await call('DELETE', '/users/unlink-account', tg.token, { auth_method: 'phone' })).statusCode, 400)
  })

  await t.test('e-mail link refusals: unverified 403, mismatch 400, missing token 400, forged 401', async (t) => {
    const tg = await telegramUser(6002)
    const unverified = (
      await call('POST', '/identity/sign-up', null, { email: 'unv@example.com', password: 'secret1' })
    ).json().data
    const refused = await call('POST', '/users/link-account', tg.token, {
      auth_method: 'email',
      email: 'unv@example.com',
      firebase_token: unverified.id_token,
    })
    t.equal(refused.statusCode, 403)
    t.match(refused.json().error.details, { reason: 'email_not_verified' })
    t.equal(
      (
        await call('POST', '/users/verify-email-for-linking', tg.token, {
          email: 'unv@example.com',
          firebase_token: unverified.id_token,
        })
      ).statusCode,
      403,
    )
    const identity = await verifiedIdentity(app, dataDir, 'real@example.com')
    t.equal(
      (
        await call('POST', '/users/link-account', tg.token, {
          auth_method: 'email',
          email: 'other@example.com',
          firebase_token: identity.id_token,
        })
      ).statusCode,
      400,
    )
    t.equal(
      (await call('POST', '/users/link-account', tg.token, { auth_method: 'email', email: 'real@example.com' }))
        .statusCode,
      400,
    )
    t.equal(
      (
        await call('POST', '/users/link-account', tg.token, {
          auth_method: 'email',
          email: 'real@example.com',
          firebase_token: `${identity.id_token}x`,
        })
      ).statusCode,
      401,
    )
    t.equal((await call('GET', '/users/profile', tg.token)).json().data.email, null, 'nothing linked')
  })

  await t.test('an e-mail user links Telegram with a nonce; nonce refusals', async (t) => {
    const me = await emailUser('nonce@example.com', 'Nima')
    const other = await emailUser('stranger@example.com', 'Sara')
    const foreign = await call('POST', '/users/link-account', me.token, {
      auth_method: 'telegram',
      telegram_verification_token: JSON.stringify(widget(6003)),
      nonce: await nonce(other.token),
    })
    t.equal(foreign.statusCode, 403, "another user's nonce")
    t.match(foreign.json().error.details, { reason: 'invalid_nonce' })
    t.equal(
      (
        await call('POST', '/users/link-account', me.token, {
          auth_method: 'telegram',
          telegram_verification_token: JSON.stringify(widget(6003)),
        })
      ).statusCode,
      403,
      'no nonce',
    )
    const mine = await nonce(me.token)
    const forged = await call('POST', '/users/link-account', me.token, {
      auth_method: 'telegram',
      telegram_verification_token: JSON.stringify({ ...widget(6003), first_name: 'Mallory' }),
      nonce: mine,
    })
    t.equal(forged.statusCode, 401)
    t.match(forged.json().error.details, { reason: 'bad_hash' })
    const reused = await call('POST', '/users/link-account', me.token, {
      auth_method: 'telegram',
      telegram_verification_token: JSON.stringify(widget(6003, 'T6003', 1)),
      nonce: mine,
    })
    t.equal(reused.statusCode, 403, 'a nonce works once')
    await db.query(`UPDATE link_nonces SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`)
    const expiredNonce = await nonce(me.token)
    await db.query(`UPDATE link_nonces SET expires_at = now() - interval '1 second'`)
    t.equal(
      (
        await call('POST', '/users/link-account', me.token, {
          auth_method: 'telegram',
          telegram_verification_token: JSON.stringify(widget(6003, 'T6003', 2)),
          nonce: expiredNonce,
        })
      ).statusCode,
      403,
      'expired nonce',
    )
    const stale = await call('POST', '/users/link-account', me.token, {
      auth_method: 'telegram',
      telegram_verification_token: JSON.stringify(widget(6003, 'T6003', 25 * 3600)),
      nonce: await nonce(me.token),
    })
    t.equal(stale.statusCode, 401)
    const ok = await linkTelegram(me.token, 6003)
    t.equal(ok.statusCode, 200)
    t.match(ok.json().data, { linked: 'telegram', user: { telegram_id: 6003, email: 'nonce@example.com' } })
    t.same(
      (await call('GET', '/users/account-status', me.token)).json().data.telegram_account,
      { username: 'tg6003', name: 'T6003' },
      'the linked Telegram account as Telegram names it',
    )
    t.equal((await linkTelegram(me.token, 6004)).statusCode, 409, 'already has Telegram')
    t.equal(
      (await call('GET', '/users/profile', other.token)).json().data.telegram_id,
      null,
      'the other user is untouched',
    )
  })

  await t.test(
    "merge: the other account's listings, favourites, credits, premium and sign-in come over; once",
    async (t) => {
      const me = await emailUser('keeper@example.com', 'Keeper')
      const old = await telegramUser(6010, 'OldMe')
      const bystander = await telegramUser(6011, 'Bystander')
      const listing = await makeListing(db, { ownerId: old.user.id, cityId: city.id, countryCode: 'DE' })
      const bystanderListing = await makeListing(db, { ownerId: bystander.user.id, cityId: city.id, countryCode: 'DE' })
      const onlyOldLiked = await makeListing(db, { ownerId: bystander.user.id, cityId: city.id, countryCode: 'DE' })
      await db.query(`INSERT INTO favorites (user_id, listing_id) VALUES ($1, $2), ($3, $2), ($1, $4)`, [
        old.user.id,
        bystanderListing.id,
        me.user.id,
        onlyOldLiked.id,
      ])
      await db.query(
        `UPDATE users SET ai_credits = 10, free_boosts = 2, premium_until = now() + interval '10 days', phone_number = '+4915100000001', phone_verified = true WHERE id = $1`,
        [old.user.id],
      )
      await db.query(`UPDATE users SET premium_until = now() + interval '5 days' WHERE id = $1`, [me.user.id])
      await db.query(
        `INSERT INTO contact_reveals (user_id, listing_id, via) VALUES ($1, $2, 'payment'), ($3, $2, 'daily'), ($1, $4, 'payment')`,
        [old.user.id, bystanderListing.id, me.user.id, onlyOldLiked.id],
      )
      await db.query(`INSERT INTO ai_preferences (user_id, preferences) VALUES ($1, $2)`, [
        old.user.id,
        JSON.stringify({ budget_max: 650, cities: ['berlin'] }),
      ])

      const conflict = await linkTelegram(me.token, 6010)
      t.equal(conflict.statusCode, 409)
      const details = conflict.json().error.details
      t.match(details, {
        reason: 'merge_required',
        auth_method: 'telegram',
        other_account: { first_name: 'OldMe', listings_count: 1 },
        merge_token: String,
      })

      const body = {
        source_auth: { auth_method: 'telegram', merge_token: details.merge_token },
        target_auth: { auth_method: 'email' },
        confirm_merge: true,
      }
      t.equal(
        (await call('POST', '/users/merge-accounts', me.token, { ...body, confirm_merge: false })).statusCode,
        400,
        'confirm_merge must be true',
      )
      t.equal(
        (
          await call('POST', '/users/merge-accounts', me.token, {
            source_auth: body.source_auth,
            target_auth: body.target_auth,
          })
        ).statusCode,
        400,
        'and must be sent',
      )
      t.equal(
        (await call('POST', '/users/merge-accounts', me.token, { ...body, target_auth: { auth_method: 'telegram' } }))
          .statusCode,
        400,
        'target must be a method of mine',
      )
      const stolen = await call('POST', '/users/merge-accounts', bystander.token, {
        ...body,
        target_auth: { auth_method: 'telegram' },
      })
      t.equal(stolen.statusCode, 403, "someone else's merge token")
      t.match(stolen.json().error.details, { reason: 'invalid_merge_token' })

      const [first, second] = await Promise.all([
        call('POST', '/users/merge-accounts', me.token, body),
        call('POST', '/users/merge-accounts', me.token, body),
      ])
      t.same([first.statusCode, second.statusCode].sort(), [200, 409], 'two concurrent merges: exactly one succeeds')
      const winner = first.statusCode === 200 ? first : second
      const { user, merged } = winner.json().data
      t.match(merged, { listings: 1, favorites: 1, ai_credits: 10, free_boosts: 2, premium_days: 10 })
      t.match(user, {
        id: me.user.id,
        telegram_id: 6010,
        email: 'keeper@example.com',
        ai_credits: 13,
        free_boosts: 2,
        phone_verified: true,
        phone_number: '+4915100000001',
      })
      const premiumDays = (new Date(user.premium_until).getTime() - Date.now()) / 86_400_000
      t.ok(premiumDays > 14.9 && premiumDays < 15.1, `premium adds up (${premiumDays.toFixed(2)} days)`)
      const [owner] = await db.query<{ owner_id: number }>(`SELECT owner_id FROM listings WHERE id = $1`, [listing.id])
      t.equal(owner!.owner_id, me.user.id, 'the listing moved')
      const [favs] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM favorites WHERE user_id = $1`, [
        me.user.id,
      ])
      t.equal(favs!.n, 2, 'a favourite both had stays one; the other comes over')
      t.same(
        await db.query(
          `SELECT user_id, listing_id, via FROM contact_reveals WHERE user_id = ANY($1::int[]) ORDER BY listing_id`,
          [[me.user.id, old.user.id]],
        ),
        [
          { user_id: me.user.id, listing_id: bystanderListing.id, via: 'daily' },
          { user_id: me.user.id, listing_id: onlyOldLiked.id, via: 'payment' },
        ],
        'opened contacts come over (one open on both stays one), so a paid one stays open',
      )
      t.match(
        (await call('GET', '/ai/preferences', me.token)).json().data,
        { budget_max: 650, cities: ['berlin'] },
        'the AI preferences come over',
      )
      t.same(await db.query(`SELECT 1 FROM ai_preferences WHERE user_id = $1`, [old.user.id]), [])
      t.equal((await call('GET', '/users/profile', old.token)).statusCode, 401, 'the merged account is gone')
      t.equal(
        (await call('POST', '/auth/refresh', null, { refresh_token: old.refresh_token })).statusCode,
        401,
        'its sessions ended',
      )
      t.equal(
        (await call('POST', '/auth/telegram-login', null, widget(6010, 'OldMe', 7))).json().data.user.id,
        me.user.id,
        'Telegram now signs in here',
      )
      const third = await call('GET', '/users/profile', bystander.token)
      t.match(third.json().data, { telegram_id: 6011, ai_credits: 3 }, 'a third account is untouched')
      const [bl] = await db.query<{ owner_id: number }>(`SELECT owner_id FROM listings WHERE id = $1`, [
        bystanderListing.id,
      ])
      t.equal(bl!.owner_id, bystander.user.id)
    },
  )

  await t.test('two merges of one account with two tokens: exactly one succeeds', async (t) => {
    const me = await emailUser('twice@example.com', 'Twice')
    await telegramUser(6020)
    // two different widget payloads (auth_date a minute apart): nowS() is read per call, so
    // ages one second apart could meet across a second boundary and be refused as a replay
    const tokenA = (await linkTelegram(me.token, 6020, 3)).json().error.details.merge_token
    const tokenB = (await linkTelegram(me.token, 6020, 63)).json().error.details.merge_token
    t.type(tokenA, 'string')
    t.type(tokenB, 'string')
    const body = (token: string) => ({
      source_auth: { auth_method: 'telegram', merge_token: token },
      target_auth: { auth_method: 'email' },
      confirm_merge: true,
    })
    const results = await Promise.all([
      call('POST', '/users/merge-accounts', me.token, body(tokenA)),
      call('POST', '/users/merge-accounts', me.token, body(tokenB)),
    ])
    t.same(results.map((r) => r.statusCode).sort(), [200, 409], results.map((r) => r.body).join(' | '))
    t.match(results.find((r) => r.statusCode === 409)?.json().error.details, { reason: /source_gone|merge_token_used/ })
  })

  await t.test('an e-mail held by another account asks for a merge too', async (t) => {
    const holder = await emailUser('held@example.com', 'Holder')
    const tg = await telegramUser(6030)
    const check = await call('POST', '/users/verify-email-for-linking', tg.token, {
      email: 'held@example.com',
      firebase_token: holder.identity.id_token,
    })
    t.match(check.json().data, { linked_account: { first_name: 'Holder', listings_count: 0 } })
    const conflict = await call('POST', '/users/link-account', tg.token, {
      auth_method: 'email',
      email: 'held@example.com',
      firebase_token: holder.identity.id_token,
    })
    t.match(conflict.json().error.details, { reason: 'merge_required', auth_method: 'email' })
    const merged = await call('POST', '/users/merge-accounts', tg.token, {
      source_auth: { auth_method: 'email', merge_token: conflict.json().error.details.merge_token },
      target_auth: { auth_method: 'telegram' },
      confirm_merge: true,
    })
    t.equal(merged.statusCode, 200)
    t.match(merged.json().data.user, { telegram_id: 6030, email: 'held@example.com', email_verified: true })
    t.equal(
      (await call('POST', '/auth/email-login', null, { firebase_token: holder.identity.id_token })).json().data.user.id,
      tg.user.id,
    )
    const wrongMethod = await call('POST', '/users/merge-accounts', tg.token, {
      source_auth: { auth_method: 'telegram', merge_token: conflict.json().error.details.merge_token },
      target_auth: { auth_method: 'telegram' },
      confirm_merge: true,
    })
    t.equal(wrongMethod.statusCode, 403, 'a token names its method')
  })
})
