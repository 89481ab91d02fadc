import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildTestStack } from '../../helpers/build-gateway.ts'

// Build freshness (docs/decisions/043-build-freshness.md): `npm run build` (scripts/build.ts) names the build,
// writes builds/latest.json and builds/meta/{id}.json, and bakes the same id into the client bundle.
const clientDir = path.resolve('dist/client')

t.test('the build writes latest.json and its meta file, with the id the client bundle carries', async (t) => {
  const latest = JSON.parse(readFileSync(path.join(clientDir, 'builds/latest.json'), 'utf8'))
  t.match(latest, { id: /^\d{14}-[a-z0-9]+$/, built_at: String })
  t.ok(!Number.isNaN(Date.parse(latest.built_at)))
  const meta = JSON.parse(readFileSync(path.join(clientDir, `builds/meta/${latest.id}.json`), 'utf8'))
  t.same(meta, latest)
  const bundles = readdirSync(path.join(clientDir, 'assets')).filter((f) => f.endsWith('.js'))
  const carriers = bundles.filter((f) => readFileSync(path.join(clientDir, 'assets', f), 'utf8').includes(latest.id))
  t.ok(carriers.length > 0, 'the client bundle compares against its own build id')
})

t.test('the gateway serves the freshness files no-cache and missing files as a plain 404', async (t) => {
  const { gateway } = await buildTestStack(t)
  const latest = await gateway.inject({ url: '/builds/latest.json' })
  t.equal(latest.statusCode, 200)
  t.equal(latest.headers['cache-control'], 'no-cache')
  t.match(latest.headers['content-type'], /application\/json/)
  const { id } = latest.json()
  const meta = await gateway.inject({ url: `/builds/meta/${id}.json` })
  t.equal(meta.statusCode, 200)
  t.equal(meta.headers['cache-control'], 'no-cache')
  t.equal(meta.json().id, id)

  for (const url of ['/assets/missing.js', '/assets/nested/gone-1a2b3c.css', '/builds/meta/00000000000000-none.json']) {
    const res = await gateway.inject({ url, headers: { accept: 'text/html,*/*' } })
    t.equal(res.statusCode, 404, url)
    t.match(res.headers['content-type'], /^text\/plain/, url)
    t.equal(res.body, 'Not Found', url)
    t.notMatch(res.body, /<html/i, url)
  }
  // a real bundle is still served, immutable
  const bundle = readdirSync(path.join(clientDir, 'assets')).find((f) => f.endsWith('.js'))!
  const res = await gateway.inject({ url: `/assets/${bundle}` })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
})
