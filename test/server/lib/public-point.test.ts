import t from 'tap'
import { LOCATION_RADIUS_M } from '../../../shared/constants.ts'
import { distanceM } from '../../../shared/geo.ts'
import { exactPoint, publicPoint } from '../../../server/lib/public-point.ts'

// docs/decisions/046-listing-location-privacy-and-area-search.md
t.test('the public point: within 300 m of the pin, never on it, the same for the same cell', async (t) => {
  let seed = 7
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  let nearest = Infinity
  let farthest = 0
  for (let i = 0; i < 20_000; i++) {
    const pin = exactPoint({ lat: -60 + rand() * 130, lng: -180 + rand() * 360 })
    const shown = publicPoint('key-one', pin)
    const d = distanceM(pin, shown)
    nearest = Math.min(nearest, d)
    farthest = Math.max(farthest, d)
  }
  t.ok(farthest <= LOCATION_RADIUS_M, `farthest ${farthest.toFixed(1)} m`)
  t.ok(nearest >= 15, `nearest ${nearest.toFixed(1)} m`)

  const pin = { lat: 52.5301234, lng: 13.4123456 }
  t.same(publicPoint('key-one', pin), publicPoint('key-one', exactPoint(pin)), 'the same on every call')
  t.same(
    publicPoint('key-one', pin),
    publicPoint('key-one', { lat: 52.5302, lng: 13.4121 }),
    'a pin moved within its 0.001° cell moves nothing',
  )
  t.not(
    JSON.stringify(publicPoint('key-one', pin)),
    JSON.stringify(publicPoint('key-two', pin)),
    'another key, another point',
  )
  const shown = publicPoint('key-one', pin)
  t.equal(shown.lat, Number(shown.lat.toFixed(5)), 'five decimals')
})
