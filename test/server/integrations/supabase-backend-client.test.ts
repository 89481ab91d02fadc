import t from 'tap'
import { supabaseBackendClient } from '../../../server/integrations/supabase/backend-client.ts'
import { startFakeSupabaseStorage } from '../../helpers/fake-supabase-storage.ts'

/**
 * The backend client against the fake Storage: supabase-js's own calls (bucket, upload, download, remove, errors)
 * are what the fake answers, so the photo store's tests rest on the real protocol.
 */
t.test('the backend client speaks to Storage with the service role key, and the fake answers as Storage', async (t) => {
  const fake = await startFakeSupabaseStorage()
  t.teardown(() => fake.close())
  const client = await supabaseBackendClient({ url: fake.url, serviceRoleKey: fake.serviceRoleKey })
  const storage = client.storage
  const bytes = Buffer.from('0123456789abcdefghij')

  await t.test('buckets: made, read, refused twice with 409 inside a 400', async (t) => {
    t.same((await storage.createBucket('docs', { public: false })).data, { name: 'docs' })
    t.match((await storage.getBucket('docs')).data, { id: 'docs', name: 'docs', public: false })
    t.match((await storage.createBucket('docs', { public: false })).error, { status: 400, statusCode: '409' })
    t.match((await storage.getBucket('nope')).error, { status: 400, statusCode: '404', message: 'Bucket not found' })
  })

  await t.test('upload (raw and multipart), download, and a duplicate refused', async (t) => {
    const docs = storage.from('docs')
    t.match((await docs.upload('a/b.txt', bytes, { contentType: 'text/plain', cacheControl: '60' })).data, {
      path: 'a/b.txt',
      fullPath: 'docs/a/b.txt',
    })
    t.match(fake.objects.get('docs/a/b.txt'), { contentType: 'text/plain', cacheControl: '60' })
    t.match((await docs.upload('a/b.txt', bytes)).error, { status: 400, statusCode: '409' }, 'no upsert')
    t.notOk((await docs.upload('a/b.txt', Buffer.from('new'), { upsert: true })).error, 'upsert replaces')
    t.notOk((await docs.upload('c.txt', new Blob([bytes], { type: 'text/csv' }))).error, 'a Blob goes as a form')
    t.match(fake.objects.get('docs/c.txt'), { contentType: 'text/csv', cacheControl: '3600' })
    const blob = (await docs.download('c.txt')).data
    t.equal(await blob?.text(), bytes.toString())
    const stream = (await docs.download('c.txt').asStream()).data
    t.equal(await new Response(stream).text(), bytes.toString(), 'asStream gives the body as it comes')
    t.match((await docs.download('missing.txt')).error, { status: 400, statusCode: '404', message: 'Object not found' })
  })

  await t.test('download with a Range → 206 with Content-Range; an impossible one → 416', async (t) => {
    const headers = { apikey: fake.serviceRoleKey, authorization: `Bearer ${fake.serviceRoleKey}` }
    const url = `${fake.url}/storage/v1/object/authenticated/docs/c.txt`
    const part = await fetch(url, { headers: { ...headers, range: 'bytes=2-5' } })
    t.equal(part.status, 206)
    t.equal(part.headers.get('content-range'), `bytes 2-5/${bytes.length}`)
    t.equal(await part.text(), '2345')
    const tail = await fetch(url, { headers: { ...headers, range: 'bytes=-3' } })
    t.equal(await tail.text(), 'hij')
    t.equal((await fetch(url, { headers: { ...headers, range: 'bytes=99-' } })).status, 416)
    const whole = await fetch(url, { headers })
    t.equal(whole.status, 200)
    t.equal(whole.headers.get('accept-ranges'), 'bytes')
    const etag = whole.headers.get('etag')!
    t.equal((await fetch(url, { headers: { ...headers, 'if-none-match': etag } })).status, 304)
    t.equal(
      (await fetch(`${fake.url}/storage/v1/object/public/docs/c.txt`)).status,
      400,
      'a private bucket has no public URL',
    )
  })

  await t.test('remove: the removed objects are answered; a second remove finds nothing', async (t) => {
    const docs = storage.from('docs')
    const removed = await docs.remove(['c.txt', 'a/b.txt'])
    t.same(removed.data?.map((o) => o.name).sort(), ['a/b.txt', 'c.txt'])
    t.same((await docs.remove(['c.txt'])).data, [])
    t.equal(fake.objects.size, 0)
    t.ok(fake.requests.includes('DELETE /storage/v1/object/docs'))
  })

  await t.test('a wrong key is refused: by the gateway (apikey) and by Storage (bearer)', async (t) => {
    const wrong = await supabaseBackendClient({ url: fake.url, serviceRoleKey: 'another-key' })
    t.match((await wrong.storage.getBucket('docs')).error, { status: 401, message: 'Invalid API key' })
    const res = await fetch(`${fake.url}/storage/v1/bucket/docs`, {
      headers: { apikey: fake.serviceRoleKey, authorization: 'Bearer someone-else' },
    })
    t.equal(res.status, 400)
    t.match(await res.json(), { statusCode: '403', error: 'Unauthorized' })
  })

  await t.test('no session is kept or asked for: only Storage was called', async (t) => {
    t.ok(
      fake.requests.every((r) => / \/storage\/v1\//.test(r)),
      'no call to /auth/v1',
    )
    t.equal(fake.calls.other, 0)
  })
})
