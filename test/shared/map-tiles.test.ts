import t from 'tap'
import { attributionParts, tileImageSource, tileUrlProblem } from '../../shared/map-tiles.ts'

t.test('tile URL templates', async (t) => {
  t.equal(tileUrlProblem('https://tile.openstreetmap.org/{z}/{x}/{y}.png'), null)
  t.equal(tileUrlProblem('http://127.0.0.1:4602/{z}/{x}/{y}.png'), null)
  t.match(tileUrlProblem('https://{s}.example.com/{z}/{y}.png'), /must contain/)
  t.match(tileUrlProblem('javascript:alert(1)//{z}/{x}/{y}'), /http\(s\)/)
  t.match(tileUrlProblem('https://user:pw@example.com/{z}/{x}/{y}.png'), /user name/)
  t.equal(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png'), 'https://tile.openstreetmap.org')
  t.equal(tileImageSource('https://{s}.tiles.example.com:8443/{z}/{x}/{y}.png'), 'https://*.tiles.example.com:8443')
  t.equal(tileImageSource('http://127.0.0.1:4602/{z}/{x}/{y}.png'), 'http://127.0.0.1:4602')
})

t.test('an attribution: text and [words](https://…) links, never markup', async (t) => {
  t.same(attributionParts('© [OpenStreetMap contributors](https://www.openstreetmap.org/copyright)'), [
    { text: '© ' },
    { text: 'OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
  ])
  t.same(attributionParts('<img src=x onerror=alert(1)> [x](javascript:alert(1))'), [
    { text: '<img src=x onerror=alert(1)> [x](javascript:alert(1))' },
  ])
})
