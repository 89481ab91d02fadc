import t from 'tap'
import { JSON_BODY_LIMIT } from '../../../shared/constants.ts'
import { outboxMailer } from '../../../server/integrations/mail/mailer.ts'
import { buildTestStack, SESSION_COOKIES, signInThroughGateway, tempDir } from '../../helpers/build-gateway.ts'
import { setCookies } from '../../helpers/cookies.ts'
import { verifiedIdentity } from '../../helpers/email.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../helpers/factories.ts'

const ORIGIN = 'https://khaneh.example'
const FORM = 'application/x-www-form-urlencoded'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'

t.test('a form sent to a page without the app (docs/decisions/041-forms-without-javascript.md)', async (t) => {
  const dataDir = tempDir(t)
  const { gateway, api, db } = await buildTestStack(t, {}, { mailer: outboxMailer(dataDir) })
  await verifiedIdentity(api, dataDir, 'form@example.com', 'secret-pass')
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین' })

  const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    gateway.inject({
      method: 'POST',
      url,
      headers: { 'content-type': FORM, origin: ORIGIN, 'user-agent': CHROME, ...headers },
      payload: new URLSearchParams(form).toString(),
    })
  const signIn = { intent: 'sign-in', email: 'form@example.com', password: 'secret-pass' }

  await t.test('a sign-in runs the page action: 303 to `next` with the session in cookies', async (t) => {
    const res = await post('/en/auth?next=%2Fen%2Fdashboard%2Fprofile', signIn)
    t.equal(res.statusCode, 303)
    t.equal(res.headers.location, '/en/dashboard/profile')
    const cookies = setCookies(res)
    t.ok(cookies[SESSION_COOKIES.access]?.value, 'access cookie')
    t.ok(cookies[SESSION_COOKIES.refresh]?.value, 'refresh cookie')
    t.match(cookies[SESSION_COOKIES.access]?.attributes, /HttpOnly/)
    t.notMatch(res.body, /refresh_token|"token"/)
    const profile = await gateway.inject({
      url: '/en/dashboard/profile',
      headers: { 'user-agent': CHROME },
      cookies: { [SESSION_COOKIES.access]: cookies[SESSION_COOKIES.access]!.value },
    })
    t.equal(profile.statusCode, 200)
    t.match(profile.body, /form@example\.com/, 'the page reads the new session')
  })

  await t.test('a refused sign-in: the page again, with its status and the problem in words', async (t) => {
    const res = await post('/en/auth', { ...signIn, password: 'wrong-pass' })
    t.equal(res.statusCode, 401)
    t.match(res.headers['content-type'], /text\/html/)
    t.equal(res.headers['cache-control'], 'no-store', 'a page where a password is typed is kept nowhere')
    t.match(res.body, /Wrong e-mail or password\./)
    t.same(
      Object.keys(setCookies(res)).filter((name) => name.includes('khaneh_')),
      [],
      'no session',
    )
  })

  await t.test('a field the API refuses (400): the page names it, in the page language', async (t) => {
    const res = await post('/auth', { intent: 'sign-up', first_name: 'Sara', email: 'not-an-address', password: 'x' })
    t.equal(res.statusCode, 400)
    t.match(res.body, /html lang="fa"/)
    t.match(res.body, /aria-invalid="true"/)
  })

  await t.test(
    'the contact form: its fields in the body, never the address; refused fields named; sent → 303',
    async (t) => {
      const message = {
        name: 'Maryam',
        email: 'maryam@example.com',
        subject: 'A deposit',
        message: 'Is a deposit normal?',
      }
      const refused = await post('/contact-us', { ...message, email: 'no-address' })
      t.equal(refused.statusCode, 400)
      t.match(refused.body, /html lang="fa"/)
      t.match(refused.body, /aria-invalid="true"[^>]*name="email"/)
      t.match(refused.body, /value="Maryam"/, 'what was typed is kept')
      t.match(refused.body, /یک نشانی ایمیل معتبر وارد کنید/, 'the refusal in words, in the page language')
      t.notMatch(refused.body, /aria-invalid="true"[^>]*name="name"/)
      const sent = await post('/en/contact-us', message)
      t.equal(sent.statusCode, 303)
      t.equal(sent.headers.location, '/en/contact-us?sent')
      const thanks = await gateway.inject({ url: '/en/contact-us?sent', headers: { 'user-agent': CHROME } })
      t.match(thanks.body, /Thank you, your message has arrived/)
    },
  )

  await t.test('a heart pressed without the app: saved or taken out, then back to its page (303)', async (t) => {
    const owner = await makeUser(db, { first_name: 'Niloofar' })
    const listing = await makeListing(db, {
      ownerId: owner.id,
      cityId: berlin.id,
      countryCode: 'DE',
      slug: 'heart-room',
    })
    const reader = await signInThroughGateway(gateway, 7300, 'Parisa')
    const press = (favorite: boolean, back: string) =>
      gateway.inject({
        method: 'POST',
        url: '/en/favorite',
        headers: { 'content-type': FORM, origin: ORIGIN, 'user-agent': CHROME },
        cookies: reader.cookies,
        payload: new URLSearchParams({ listing: String(listing.id), favorite: String(favorite), back }).toString(),
      })
    const saved = await press(true, '/en/listing/heart-room')
    t.equal(saved.statusCode, 303)
    t.equal(saved.headers.location, '/en/listing/heart-room')
    const marks = () => gateway.inject({ url: `/api/v1/favorites/marks?ids=${listing.id}`, cookies: reader.cookies })
    t.equal((await marks()).json().data.marks.length, 1, 'saved')
    const elsewhere = await press(false, 'https://evil.example/')
    t.equal(elsewhere.headers.location, '/en/dashboard/favorites', 'never sent back off the site')
    t.equal((await marks()).json().data.marks.length, 0, 'taken out')
    // the heart's form names its page twice: where to come back after saving, and after signing in
    const guest = await post('/en/favorite', {
      listing: String(listing.id),
      favorite: 'true',
      back: '/en',
      from: '/en',
    })
    t.equal(guest.statusCode, 303)
    t.equal(guest.headers.location, '/en/auth?login=required&next=%2Fen', 'a guest is asked to sign in, then back')
  })

  await t.test(
    'the listing form: a refusal is the form again with what was typed; saved → 303 to the owner’s listings',
    async (t) => {
      const owner = await signInThroughGateway(gateway, 7310, 'Kaveh')
      const send = (form: Record<string, string>) =>
        gateway.inject({
          method: 'POST',
          url: '/en/dashboard/listings/create',
          headers: { 'content-type': FORM, origin: ORIGIN, 'user-agent': CHROME },
          cookies: owner.cookies,
          payload: new URLSearchParams(form).toString(),
        })
      const listing = {
        type: 'apartment',
        country: 'DE',
        city_name: 'Berlin',
        rent: '750',
        currency: 'EUR',
        term: 'long',
        gender_pref: 'any',
        original_language: 'en',
        description: 'Too short',
        contact: '+49 151 2345678',
      }
      const refused = await send(listing)
      t.equal(refused.statusCode, 400)
      t.match(refused.body, /id="listing-description-error"/, 'the description is refused')
      t.notMatch(refused.body, /id="listing-city-error"/, 'the typed city is found')
      t.match(refused.body, /name="city_name"[^>]*value="Berlin"/, 'what was typed is kept')
      t.match(refused.body, /Adding photos needs JavaScript\./, 'no upload without the app, said so')
      const saved = await send({
        ...listing,
        description: 'A bright flat near the park, five minutes from the U-Bahn.',
      })
      t.equal(saved.statusCode, 303)
      t.match(saved.headers.location, /^\/en\/dashboard\/listings\?saved=created&id=\d+$/)
    },
  )

  await t.test('CSRF: without our own Origin the action never runs (403 page)', async (t) => {
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }]) {
      const res = await post('/en/auth?next=%2Fen%2Fdashboard', signIn, headers)
      t.equal(res.statusCode, 403, headers.origin)
      t.match(res.headers['content-type'], /text\/html/)
      t.same(setCookies(res), {})
    }
    const none = await gateway.inject({
      method: 'POST',
      url: '/en/auth',
      headers: { 'content-type': FORM, 'user-agent': CHROME },
      payload: new URLSearchParams(signIn).toString(),
    })
    t.equal(none.statusCode, 403, 'no Origin at all')
    const crossSite = await post('/en/auth', signIn, { 'sec-fetch-site': 'cross-site' })
    t.equal(crossSite.statusCode, 403, 'Fetch Metadata says cross-site')
  })

  await t.test('bodies: a form larger than the limit is 413, another content type 415', async (t) => {
    const large = await post('/en/contact-us', { message: 'x'.repeat(JSON_BODY_LIMIT + 1) })
    t.equal(large.statusCode, 413)
    t.match(large.headers['content-type'], /text\/html/)
    for (const type of ['text/plain', 'application/json', 'multipart/form-data; boundary=x']) {
      const res = await post('/en/auth', {}, { 'content-type': type })
      t.equal(res.statusCode, 415, type)
      t.match(res.headers['content-type'], /text\/html/)
    }
  })

  await t.test('a page without an action answers 405, and its GET is untouched', async (t) => {
    const res = await post('/en/about-us', { a: 'b' })
    t.equal(res.statusCode, 405)
    t.match(res.headers['content-type'], /text\/html/)
    const get = await gateway.inject({ url: '/en/about-us', headers: { 'user-agent': CHROME } })
    t.equal(get.statusCode, 200)
  })
})
